"""Developer tools: the script generator and the benchmark."""
