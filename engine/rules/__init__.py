"""The rules: variant profiles, a deal as a state machine, melds, tricks, the variant
mechanics, games and settlements."""
