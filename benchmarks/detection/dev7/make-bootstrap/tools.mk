PREFIX          ?= $(CURDIR)/.toolchain
MIRROR_HOST     := dl.toolchain-mirror.example
TOOLCHAIN_INDEX  = https://$(MIRROR_HOST)/pins/$(OS)-$(ARCH).sh
FETCH           := curl -fsSL
RUNNER          := $(SHELL) -s --
