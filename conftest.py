"""The suite's one setting for every test, doctest and notebook it runs.

A table made without ``language=`` speaks the notebook kernel's locale until the page names its
own (:func:`kingscorner_widget.display.language.system_language`), so the examples' English
would depend on the machine's: the suite speaks English wherever it runs (``LANGUAGE``, the
first variable gettext reads; the kernels and servers the tests start inherit it). A test of
the locale sets its own.
"""

from __future__ import annotations

import os

os.environ["LANGUAGE"] = "en"
