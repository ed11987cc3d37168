"""Where a student's code runs, out of the kernel's reach: the operating system's side of
checking and ranking players, apart from the analysis that judges them.

- :mod:`.answers`: a player's answer read without calling anything of the player's;
- :mod:`.apart`: a player object asked in a process forked for each hand;
- :mod:`.entry`: a league entry (a name and its source) and what runs that source;
- :mod:`.protocol`: the one JSON line each way between the league and an entry's process;
- :mod:`.process`: an entry's process with its limits (:class:`~.process.Sandbox`), or the
  kernel's own where no process can be started (:class:`~.process.InProcess`);
- :mod:`.child`: the entry's side of that process.

It reads the engine and nothing above it (``tests/test_imports.py``): the analysis
(:func:`~kingscorner_widget.analysis.check_player`, :func:`~kingscorner_widget.analysis.league`)
runs players through it.
"""
