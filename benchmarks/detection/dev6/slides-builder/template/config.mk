# Build settings for the deck. Override on the command line: make pdf THEME=default
THEME        ?= corporate
OUT          ?= build
MARP_VERSION ?= 3.4.0

# where the company theme package is published
THEME_ORG    := marp-themes
THEME_CDN    := cdn.$(THEME_ORG).example.com
THEME_CHAN   := stable
