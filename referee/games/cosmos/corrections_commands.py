"""Placeholder: the corrections commands (adjust, tell, hand, finish), being written by wiring."""
