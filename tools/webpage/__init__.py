"""The oracle's web page: its static site (`make web`) and the headless browser that opens it."""
