"""Hosting: serving games to players."""
