10 INPUT A$: PRINT "[";A$;"]";LEN(A$): PRINT "#": GOTO 10
