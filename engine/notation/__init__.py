"""Cards, their notation in English and Russian, and the actions of a deal."""
