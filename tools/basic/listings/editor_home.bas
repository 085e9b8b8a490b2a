10 PRINT CHR$(12);: INPUT "",A$: PRINT "[";A$;"]";LEN(A$): PRINT "#": GOTO 10
