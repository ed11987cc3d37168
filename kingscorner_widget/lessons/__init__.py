"""Lessons: step-by-step teaching on real positions, each move checked by the engine.

>>> from kingscorner_widget.lessons import LessonRun, load_lesson
>>> run = LessonRun(load_lesson("pile-transfer"))
>>> run.step.title, run.progress
('Spot the transfer', (1, 5))
>>> run.try_move("6s>W").message
'that is legal, but this step teaches one move: move the west pile onto the nine of diamonds'
>>> run.try_move("W>N").step_done
True
"""

from .builtin import builtin_lessons, lesson_names, load_lesson
from .model import Lesson, Step
from .practice import NothingToPracticeError, practice_lesson, practice_run
from .puzzles import Puzzle, generate_puzzles, greedy_turn, puzzle_lesson
from .runner import Feedback, LessonRun, describe_move, under_rules
from .schema import lesson_schema
from .written import LineError, lesson_from_game

__all__ = [
    "Feedback",
    "Lesson",
    "LessonRun",
    "LineError",
    "NothingToPracticeError",
    "Puzzle",
    "Step",
    "builtin_lessons",
    "describe_move",
    "generate_puzzles",
    "greedy_turn",
    "lesson_from_game",
    "lesson_names",
    "lesson_schema",
    "load_lesson",
    "practice_lesson",
    "practice_run",
    "puzzle_lesson",
    "under_rules",
]
