#!/usr/bin/env python3
"""Converts Home Assistant's hassil templates (en_templates.json) into intentd phrase files.

    python3 convert.py [--ha /work/shared/ha] [--out build]

Writes, under --out:
  phrases/shared-en.yaml  the expansion rules as shared rules, the skip words as filler
  phrases/ha.yaml         one app `ha`: an enum per value list, an entity type per kind of
                          name ({name} by allowed domains, {area}, {floor}; values left empty,
                          the harness fills them from each test's fixtures), and one intent
                          per data block of every HA intent
  map.json                how to read intentd's answer back in hassil's terms: per intentd
                          intent its HA intent, slot combination, context slots, and per
                          parameter the HA slot, the list and how to turn the value into the
                          slot's value (enum case -> out value, range checks, multiplier)

The phrase files are JSON, which is YAML: every template is quoted as it is.

Mapping (docs in README.md beside this file):
  * hassil template syntax is intentd's; `{list:slot}` becomes `{param}`, `[ ]` (an optional
    space) and `( |-)` (a space or a hyphen) become a word break, since intentd matches words;
  * a value list becomes an enum (its `in` texts, expanded, are the case's title and synonyms;
    the `out` value is kept in map.json); a range becomes Int (Double with fractions) and is
    checked by the harness; a wildcard becomes a String (free text) parameter;
  * a data block's fixed `slots` become a phrase group's `values:` on String parameters;
  * `requires_context: {domain: [...]}` picks the entity type of {name}: one type per set of
    domains, holding only the fixture entities of those domains;
  * `requires_context: {area: {slot: true}}` is recorded: the harness fills `area` from the
    test's intent_context, as hassil does;
  * skip_words become filler words (one word) and filler phrases (several).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

APP_ID = "ha"
NAME_SLOT, AREA_SLOT, FLOOR_SLOT = "name", "area", "floor"
SLOT_RE = re.compile(r"\{([^{}]+)\}")


class ConversionError(Exception):
    pass


# ---------------------------------------------------------------------------
# Expanding small hassil templates (list values) into every text they allow
# ---------------------------------------------------------------------------


def expand(template: str) -> List[str]:
    """Every text a list value's template allows: `(a|b)`, `[x]`, glued parts (`door[s]`)."""
    texts, end = _expand_choice(template, 0, None)
    if end != len(template):
        raise ConversionError(f"unexpected '{template[end]}' at column {end + 1} of list value \"{template}\"")
    seen: Dict[str, None] = {}
    for text in texts:
        clean = " ".join(text.split())
        if clean:
            seen[clean] = None
    return list(seen)


def _expand_choice(s: str, i: int, closing: str | None) -> Tuple[List[str], int]:
    choices: List[str] = []
    current, i = _expand_sequence(s, i, closing)
    choices += current
    while i < len(s) and s[i] == "|":
        current, i = _expand_sequence(s, i + 1, closing)
        choices += current
    return choices, i


def _expand_sequence(s: str, i: int, closing: str | None) -> Tuple[List[str], int]:
    results = [""]
    while i < len(s) and s[i] not in "|)]":
        c = s[i]
        if c in "([":
            close = ")" if c == "(" else "]"
            inner, i = _expand_choice(s, i + 1, close)
            if i >= len(s) or s[i] != close:
                raise ConversionError(f"unclosed '{c}' in list value \"{s}\"")
            i += 1
            if c == "[":
                inner = [""] + inner
            results = [r + x for r in results for x in inner]
        else:
            results = [r + c for r in results]
            i += 1
    if i < len(s) and s[i] in ")]" and s[i] != closing:
        raise ConversionError(f"unexpected '{s[i]}' at column {i + 1} of list value \"{s}\"")
    return results, i


# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------


def convert_sentence(sentence: str, params: Dict[Tuple[str, str], str]) -> str:
    """hassil sentence -> intentd phrase: slots renamed to parameters, space markers dropped."""

    def slot(match: re.Match) -> str:
        list_name, slot_name = split_slot(match.group(1))
        return "{" + params[(list_name, slot_name)] + "}"

    text = SLOT_RE.sub(slot, sentence)
    # `[ ]` is an optional space and `( |-)` a space or a hyphen between glued parts
    # ("{hours}( |-)hour[s]", "{brightness}[([ ]%)| percent]"); intentd matches words, and
    # its normalizer splits "5-hour" and "50%" into words already.
    text = text.replace("[ ]", " ").replace("( |-)", " ").replace("(-| )", " ")
    return text


def split_slot(reference: str) -> Tuple[str, str]:
    """`list:slot` or `slot` (the list of the same name)."""
    if ":" in reference:
        list_name, slot_name = reference.split(":", 1)
        return list_name, slot_name
    return reference, reference


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", name) if part)


# ---------------------------------------------------------------------------
# The conversion
# ---------------------------------------------------------------------------


class Converter:
    def __init__(self, templates: Dict[str, Any]) -> None:
        self.templates = templates
        self.lists: Dict[str, Any] = templates.get("lists") or {}
        self.enums: Dict[str, Any] = {}  # enum name -> phrase-file enum
        self.enum_outs: Dict[str, Dict[str, Any]] = {}  # enum name -> case id -> out value
        self.entities: Dict[str, Any] = {}  # entity type name -> {"kind", "domains"}
        self.intents: Dict[str, Any] = {}
        self.intent_map: Dict[str, Any] = {}

    # -- types -------------------------------------------------------------

    def enum_for(self, list_name: str) -> str:
        name = camel(list_name)
        if name in self.enums:
            return name
        cases: Dict[str, Any] = {}
        outs: Dict[str, Any] = {}
        by_out: Dict[str, List[str]] = {}
        out_values: Dict[str, Any] = {}
        for index, value in enumerate(self.lists[list_name]["values"]):
            if isinstance(value, str):
                value = {"in": value, "out": value}
            key = json.dumps(value["out"])
            texts = expand(str(value["in"]))
            if not texts:
                raise ConversionError(f"list '{list_name}' value {index + 1} has no text")
            by_out.setdefault(key, [])
            by_out[key] += [t for t in texts if t not in by_out[key]]
            out_values[key] = value["out"]
        for number, (key, texts) in enumerate(by_out.items()):
            case_id = f"v{number}"
            cases[case_id] = {"title": texts[0], "synonyms": texts[1:]} if len(texts) > 1 else texts[0]
            outs[case_id] = out_values[key]
        self.enums[name] = {"title": list_name, "cases": cases}
        self.enum_outs[name] = outs
        return name

    def entity_for(self, slot: str, domains: List[str] | None) -> str:
        if slot == AREA_SLOT:
            name, kind = "Area", "area"
        elif slot == FLOOR_SLOT:
            name, kind = "Floor", "floor"
        else:
            kind = "name"
            name = "Name" + ("" if domains is None else "_" + "_".join(camel(d) for d in sorted(domains)))
        self.entities.setdefault(name, {"kind": kind, "domains": None if domains is None else sorted(domains)})
        return name

    def parameter(self, list_name: str, slot_name: str, domains: List[str] | None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """The phrase-file parameter for `{list:slot}` and how the harness reads its value."""
        if list_name in (NAME_SLOT, AREA_SLOT, FLOOR_SLOT) and list_name not in self.lists:
            entity = self.entity_for(list_name, domains if list_name == NAME_SLOT else None)
            return {"type": entity + "?"}, {"kind": "entity", "entity": entity}
        spec = self.lists.get(list_name)
        if spec is None:
            raise ConversionError(f"unknown list '{list_name}'")
        if spec.get("wildcard"):
            return {"type": "String?"}, {"kind": "wildcard"}
        if "range" in spec:
            r = spec["range"]
            fractional = bool(r.get("fractions"))
            read = {
                "kind": "range",
                "from": r["from"],
                "to": r["to"],
                "step": r.get("step", 1),
                "fractions": r.get("fractions"),
                "multiplier": r.get("multiplier", 1),
            }
            return {"type": "Double?" if fractional else "Int?"}, read
        if "values" in spec:
            enum = self.enum_for(list_name)
            return {"type": enum + "?"}, {"kind": "enum", "enum": enum, "outs": self.enum_outs[enum]}
        raise ConversionError(f"list '{list_name}' is neither values, range nor wildcard")

    # -- intents -----------------------------------------------------------

    def convert_block(self, intent_name: str, index: int, block: Dict[str, Any]) -> None:
        intent_id = f"{intent_name}_{index}"
        requires = block.get("requires_context") or {}
        excludes = block.get("excludes_context") or {}
        unknown = (set(requires) - {"domain", "area"}) | set(excludes)
        if unknown:
            raise ConversionError(f"{intent_name} block {index}: context keys {sorted(unknown)} are not converted")
        domains = requires.get("domain")
        if isinstance(domains, str):
            domains = [domains]
        context_slots = []
        area = requires.get("area")
        if isinstance(area, dict) and area.get("slot"):
            context_slots.append("area")
        elif area is not None:
            raise ConversionError(f"{intent_name} block {index}: requires_context area {area!r} is not converted")

        references: Dict[Tuple[str, str], None] = {}
        for sentence in block["sentences"]:
            for match in SLOT_RE.finditer(sentence):
                references[split_slot(match.group(1))] = None
        lists_of_slot: Dict[str, List[str]] = {}
        for list_name, slot_name in references:
            lists_of_slot.setdefault(slot_name, []).append(list_name)
        params: Dict[Tuple[str, str], str] = {}
        parameters: Dict[str, Any] = {}
        reads: Dict[str, Any] = {}
        for (list_name, slot_name) in references:
            param = slot_name if len(lists_of_slot[slot_name]) == 1 else f"{slot_name}__{list_name}"
            params[(list_name, slot_name)] = param
            parameters[param], read = self.parameter(list_name, slot_name, domains)
            reads[param] = dict(read, slot=slot_name, list=list_name)
        fixed = dict(block.get("slots") or {})
        for slot_name, value in fixed.items():
            if slot_name in lists_of_slot:
                raise ConversionError(f"{intent_name} block {index}: fixed slot '{slot_name}' is also in its sentences")
            parameters[slot_name] = {"type": "String?"}
            reads[slot_name] = {"kind": "fixed", "slot": slot_name}
        phrases = [convert_sentence(s, params) for s in block["sentences"]]
        intent: Dict[str, Any] = {
            "title": f"{intent_name} ({(block.get('metadata') or {}).get('slot_combination', index)})",
            "parameters": parameters,
        }
        if fixed:
            intent["phrases"] = [{"values": {k: str(v) for k, v in fixed.items()}, "phrases": phrases}]
        else:
            intent["phrases"] = phrases
        self.intents[intent_id] = intent
        self.intent_map[f"{APP_ID}.{intent_id}"] = {
            "intent": intent_name,
            "slot_combination": (block.get("metadata") or {}).get("slot_combination"),
            "context_slots": context_slots,
            "parameters": reads,
        }

    def run(self) -> Tuple[Dict[str, Any], Dict[str, Any], Dict[str, Any]]:
        for intent_name, intent in self.templates["intents"].items():
            for index, block in enumerate(intent.get("data") or []):
                if block.get("sentences"):
                    self.convert_block(intent_name, index, block)
        skip = self.templates.get("skip_words") or []
        shared = {
            "language": self.templates.get("language", "en"),
            "rules": {name: text for name, text in (self.templates.get("expansion_rules") or {}).items()},
            "filler": [w for w in skip if len(w.split()) == 1],
            "filler_phrases": [w for w in skip if len(w.split()) > 1],
        }
        app = {
            "language": self.templates.get("language", "en"),
            "app": {"id": APP_ID, "name": "Home Assistant"},
            "enums": self.enums,
            "entities": {name: {"title": name} for name in self.entities},
            "intents": self.intents,
        }
        mapping = {"app": APP_ID, "entities": self.entities, "intents": self.intent_map}
        return shared, app, mapping


def main(argv: List[str] | None = None) -> int:
    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ha", default="/work/shared/ha", help="folder holding en_templates.json (default: %(default)s)")
    parser.add_argument("--out", default=str(here / "build"), help="where to write (default: %(default)s)")
    args = parser.parse_args(argv)
    source = Path(args.ha) / "en_templates.json"
    try:
        templates = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        print(f"convert.py: cannot read {source}: {error}", file=sys.stderr)
        return 1
    try:
        shared, app, mapping = Converter(templates).run()
    except ConversionError as error:
        print(f"convert.py: {source}: {error}", file=sys.stderr)
        return 1
    out = Path(args.out)
    (out / "phrases").mkdir(parents=True, exist_ok=True)
    (out / "phrases" / "shared-en.yaml").write_text(json.dumps(shared, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "phrases" / "ha.yaml").write_text(json.dumps(app, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "map.json").write_text(json.dumps(mapping, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    phrases = sum(len(b["sentences"]) for i in templates["intents"].values() for b in i["data"])
    print(f"wrote {out}/phrases (1 app, {len(app['intents'])} intents from {len(templates['intents'])} HA intents, "
          f"{phrases} templates, {len(app['enums'])} enums, {len(app['entities'])} entity types) and {out}/map.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
