"""Mutation testing: mutmut one package at a time (`make mutation`), a stratified sample of a
package too big to mutate whole (`make mutation-sample`), and the blind spots mutmut leaves."""
