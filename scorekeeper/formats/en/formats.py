"""English dates one way on every page, day first as a British sheet writes them
("28 Nov 2026"; Django's own English wrote "Nov. 28, 2026" in one place and "11/28/2026" in
another), with the time on a 24-hour clock: the games are played in Norway, where a score
sheet says 21:55, never "9:55 p.m."."""

DATE_FORMAT = "j M Y"
SHORT_DATE_FORMAT = "j M Y"
MONTH_DAY_FORMAT = "j M"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
