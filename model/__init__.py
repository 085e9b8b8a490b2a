"""Game state and rules of Space Defender 2; `model.view` renders them."""
