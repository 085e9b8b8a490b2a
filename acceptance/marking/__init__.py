"""What is graded and how it is marked: submissions and their grades (plain data), points,
marking schemes and deadlines."""
