#!/usr/bin/env python3
"""Checks consumer-rules.pro against the generated Kotlin, since R8 cannot run here.

Every class JNA reflects on must be matched by a rule that keeps what JNA needs of it:
structures (fields, constructors), callback interfaces and their implementations (methods),
the objects whose `external fun`s Native.register binds (native method names); and no rule
may keep the whole of com.offerkit (the public API is shrunk like app code).

    check-consumer-rules.py RULES GENERATED_KT          exit 1 and say why on a gap
    check-consumer-rules.py --self-test RULES GENERATED_KT
        also checks that dropping any one keep rule is caught
"""
import os
import re
import sys

RULE = re.compile(
    r"^(-keep\S*)\s+(class|interface)\s+(\S+)(?:\s+(extends|implements)\s+(\S+))?\s*\{(.*)\}\s*$"
)


def parse_rules(text):
    rules, attributes = [], set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-keepattributes"):
            attributes.update(a.strip() for a in line.split(None, 1)[1].split(","))
        elif line.startswith("-keep"):
            m = RULE.match(line)
            if not m:
                raise SystemExit(f"unreadable rule: {line}")
            kind, _, name, _, supertype, members = m.groups()
            rules.append((kind, name, supertype, members.strip()))
    return rules, attributes


def wildcard(pattern):
    out = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^.]*", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + "$")


def declarations(kotlin):
    """(name, supertypes text) of every class, interface and object, constructors skipped."""
    found = []
    for m in re.finditer(r"\b(?:class|interface|object)\s+`?(\w+)`?", kotlin):
        i, depth = m.end(), 0
        while i < len(kotlin):
            c = kotlin[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            elif depth == 0 and c == ":":
                end = kotlin.find("{", i)
                found.append((m.group(1), kotlin[i + 1:end]))
                break
            elif depth == 0 and c == "{":
                break
            i += 1
    return found


def reflected(kotlin):
    """(fully qualified name, what JNA needs) for each class JNA reflects on."""
    package = re.search(r"^package (\S+)", kotlin, re.M).group(1)
    decls = declarations(kotlin)
    structures, callbacks = set(), set()
    changed = True
    while changed:
        changed = False
        for name, supers in decls:
            bases = {s.strip().split("(")[0].split("<")[0] for s in supers.split(",")}
            if name not in structures and bases & ({"Structure", "Structure.ByValue", "Structure.ByReference"} | structures):
                structures.add(name)
                changed = True
            if name not in callbacks and bases & ({"com.sun.jna.Callback"} | callbacks):
                callbacks.add(name)
                changed = True
    needs = []
    for name in sorted(structures):
        needs.append((f"{package}.{name}", "Structure", ("<fields>", "<init>")))
    for name in sorted(callbacks):
        needs.append((f"{package}.{name}", "Callback", ("<methods>",)))
    for name in re.findall(r"Native\.register\((\w+)::class\.java", kotlin):
        needs.append((f"{package}.{name}", None, ("native <methods>",)))
    return package, needs


def gaps(rules, attributes, kotlin):
    package, needs = reflected(kotlin)
    found = []
    if not needs:
        found.append("no JNA classes found in the generated Kotlin: did its shape change?")
    if "RuntimeVisibleAnnotations" not in attributes:
        found.append("@Structure.FieldOrder is not kept (-keepattributes RuntimeVisibleAnnotations)")
    if not any(k == "-keep" and n == "com.sun.jna.**" and m == "*;" for k, n, _, m in rules):
        found.append("JNA's own classes are not kept whole")
    for fqn, supertype, wanted in needs:
        matched = False
        for kind, name, rule_super, members in rules:
            if not wildcard(name).match(fqn):
                continue
            if supertype and rule_super != f"com.sun.jna.{supertype}":
                continue
            if supertype is None and rule_super is not None:
                continue
            if all(w in members or members == "*;" for w in wanted):
                matched = True
        if not matched:
            found.append(f"{fqn} ({supertype or 'native methods'}) needs {', '.join(wanted)}: no rule keeps it")
    public_api = f"{package.rsplit('.', 1)[0]}.OfferClient"
    for kind, name, rule_super, members in rules:
        if rule_super is None and "native" not in members and wildcard(name).match(public_api):
            found.append(f"rule `{kind} {name}` keeps the public API whole")
    return found


def main(argv):
    self_test = argv[:1] == ["--self-test"]
    rules_path, kotlin_path = argv[1:] if self_test else argv
    # With OFFERKIT_RESULTS set, each case is also a line of that results file (suite
    # OFFERKIT_SUITE, else the one below; scripts/lib/results_file.py).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "lib"))
    import results_file

    suite = "kotlin-consumer-rules"
    clock = results_file.Clock()
    text = open(rules_path).read()
    kotlin = open(kotlin_path).read()
    rules, attributes = parse_rules(text)
    found = gaps(rules, attributes, kotlin)
    for gap in found:
        print(f"consumer-rules.pro: {gap}")
    results_file.write(suite, "rules keep what JNA reflects on, and no more of com.offerkit",
                       "failed" if found else "passed", clock.lap(), "\n".join(found))
    if found:
        return 1
    _, needs = reflected(kotlin)
    print(f"consumer-rules.pro keeps the {len(needs)} classes JNA reflects on, and no more of com.offerkit")
    if self_test:
        unnoticed = [f"dropping `{rules[d][0]} {rules[d][1]}` went unnoticed"
                     for d in range(len(rules)) if not gaps(rules[:d] + rules[d + 1:], attributes, kotlin)]
        results_file.write(suite, "self-test: dropping any keep rule is caught",
                           "failed" if unnoticed or not rules else "passed", clock.lap(),
                           "\n".join(unnoticed) if rules else "no rules")
        for problem in unnoticed:
            print(f"self-test: {problem}")
        whole = not gaps(rules + [("-keep", "com.offerkit.**", None, "*;")], attributes, kotlin)
        results_file.write(suite, "self-test: keeping all of com.offerkit is caught", "failed" if whole else "passed",
                           clock.lap(), "went unnoticed" if whole else "")
        if whole:
            print("self-test: keeping all of com.offerkit went unnoticed")
        if unnoticed or whole:
            return 1
        print(f"self-test: dropping any of the {len(rules)} keep rules, or keeping all of com.offerkit, is caught")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
