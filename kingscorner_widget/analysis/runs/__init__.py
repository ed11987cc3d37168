"""Runs of many games: simulations and tournaments, their summaries and plots, calibration of the
win-chance estimate, and :func:`~kingscorner_widget.analysis.runs.check_player.check_player` for a
student's own player.
"""
