"""Judging play: reviews, win chances, hints and their words, odds and turn comparisons.

This layer reads the players and the search below it and is read by the runs above it.
"""
