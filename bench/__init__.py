"""Benchmarks: page weight, server time and engine speed (`make bench`, see README.md)."""
