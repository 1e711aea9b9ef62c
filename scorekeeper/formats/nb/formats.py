"""Norwegian as Django writes it ("23. november 2026"), with the time as Norwegian writes
it: after «kl.», hours and minutes parted by a full stop (Språkrådet: «kl. 21.55»)."""

TIME_FORMAT = r"\k\l. H.i"
DATETIME_FORMAT = r"j. F Y \k\l. H.i"
SHORT_DATETIME_FORMAT = r"d.m.Y \k\l. H.i"
