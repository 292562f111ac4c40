"""Unit tests of score_corpus.py's judgements; they need no speech tools and no intentd.

    python3 -m unittest discover -s Examples/voice -p 'test_*.py'
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import score_corpus  # noqa: E402

NOT_UNDERSTOOD = {"status": "notUnderstood", "intent": None}


def routed(intent, **parameters):
    return {"status": "complete", "intent": intent, "parameters": parameters, "confidence": 0.8}


class AnyReadingTests(unittest.TestCase):
    def test_a_line_counts_when_a_later_reading_reaches_its_intent(self):
        item = {"intent": "tasks.list", "parameters": {}}
        judged = score_corpus.any_reading(item, [NOT_UNDERSTOOD, routed("fitness.listWorkouts"), routed("tasks.list")])
        self.assertTrue(judged["intent"])
        self.assertFalse(judged["wrong"], "one reading was right, so the line is not all wrong")

    def test_a_line_no_reading_reaches_is_missed(self):
        item = {"intent": "tasks.list", "parameters": {}}
        judged = score_corpus.any_reading(item, [NOT_UNDERSTOOD, routed("fitness.listWorkouts")])
        self.assertFalse(judged["intent"])
        self.assertFalse(judged["parameters"])

    def test_parameters_count_only_from_a_reading_with_every_labelled_value(self):
        item = {"intent": "soup.order", "parameters": {"quantity": 2}}
        judged = score_corpus.any_reading(item, [routed("soup.order", quantity=3), routed("soup.order", quantity=2)])
        self.assertTrue(judged["parameters"])
        judged = score_corpus.any_reading(item, [routed("soup.order", quantity=3)])
        self.assertTrue(judged["intent"])
        self.assertFalse(judged["parameters"])

    def test_out_of_domain_is_rejected_only_when_no_reading_routes(self):
        item = {"intent": None}
        self.assertTrue(score_corpus.any_reading(item, [NOT_UNDERSTOOD, NOT_UNDERSTOOD])["rejected"])
        self.assertFalse(score_corpus.any_reading(item, [NOT_UNDERSTOOD, routed("tasks.add")])["rejected"])


if __name__ == "__main__":
    unittest.main()
