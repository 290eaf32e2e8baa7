"""Rule-system independent machinery: actions, verdicts, errors, replay, timing, names."""
