from django.contrib import admin  # noqa: F401  (registrations follow the models)
