"""What shows itself in a notebook with no compiled package: HTML tables with aligned text
(:mod:`.tables`) and Vega-Lite charts (:mod:`.charts`). Nothing here knows the game; the engine's
score sheets and every analysis result are drawn with it.
"""
