"""The oracle's web page: its static files, and page.py, its Python side (run in Pyodide)."""
