"""The BASIC games' facts: programs run by PC-BASIC to measure its runtime's behaviour, written as
test data, and its transcripts of a game's listing."""
