"""Developer tools, by purpose: the script generator, the import-cycle check, and the
sub-packages benchmarks (`make bench`), mutation (mutation testing and planted bugs), basic (the
BASIC runtime's facts measured with PC-BASIC) and webpage (the web page's site and browser)."""
