"""The class record: each learner's progress kept as they work, homework set, a teacher's board.

- :mod:`.record`: the record's document (versioned JSON, with a shipped schema), the stars rule
  and the learner's name rule;
- :mod:`.store`: where a record lives and how it is written (atomic, merged, capped, off the
  click path);
- :mod:`.recorder`: a table's events made into the learner's record;
- :mod:`.homework`: a teacher's set of lessons, themed puzzles and the daily deal;
- :mod:`.board`: every record under a folder, read safely and shown as a board;
- :mod:`.course_map`: one learner's course: every lesson, their stars, the next to take;
- :mod:`.sheet`: a printable sheet of the rules as the class plays them;
- :mod:`.tournament`: a class tournament (its rounds drawn by :mod:`.pairing`, its hands kept
  in :mod:`.rounds`, its table of places in :mod:`.standings`), which the class server holds
  and a teacher can run among computer players.

The folder sits between the table (whose events it reads and whose review table it opens) and
the widget (which opens a table for a named learner).
"""

from .board import ClassBoard, Replay
from .course_map import CourseMap, course_map
from .homework import Homework
from .record import MAX_BYTES, ProgressError, check_learner, progress_schema
from .recorder import Recorder
from .sheet import RulesSheet, rules_sheet, write_sheet
from .store import RecordStore, RecordTooLargeError
from .tournament import ClassTournament, TournamentError, run_tournament

__all__ = [
    "MAX_BYTES",
    "ClassBoard",
    "ClassTournament",
    "CourseMap",
    "Homework",
    "ProgressError",
    "RecordStore",
    "RecordTooLargeError",
    "Recorder",
    "Replay",
    "RulesSheet",
    "TournamentError",
    "check_learner",
    "course_map",
    "progress_schema",
    "rules_sheet",
    "run_tournament",
    "write_sheet",
]
