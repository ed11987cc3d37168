"""Tests of the rules engine: rules, options, notation, properties, self-play, golden counts."""
