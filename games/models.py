from django.db import models  # noqa: F401  (the models land here next)
