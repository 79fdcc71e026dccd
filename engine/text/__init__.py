"""What a person reads: explanations of events, names, citations of the sources, card
pictures."""
