"""The rules engine: cards, spaces, moves, rules, notation, the game, matches and records.

The engine is the judge: the turn machine (:mod:`~kingscorner_widget.engine.turns`) compiles
the rule options once and lists every legal move, :class:`~kingscorner_widget.engine.game.Game`
wraps it with cards, history and words, and nothing here imports from the layers above it
(``analysis``, ``lessons``, ``table``, ``widget``). Its public names are importable from
``kingscorner_widget`` itself.

>>> from kingscorner_widget.engine.game import Game
>>> Game.new(players=2, seed=7).stock_size
34
"""
