"""English as Django writes it ("Nov. 23, 2026"), with the time on a 24-hour clock: the
games are played in Norway, where a score sheet says 21:55, never "9:55 p.m."."""

TIME_FORMAT = "H:i"
DATETIME_FORMAT = "N j, Y, H:i"
SHORT_DATETIME_FORMAT = "m/d/Y H:i"
