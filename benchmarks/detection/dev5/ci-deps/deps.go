package main

import (
	"fmt"
	"os"
	"os/exec"
)

func main() {
	args := []string{"install"}
	if os.Getenv("CI") == "true" {
		args = []string{"ci", "--no-audit", "--prefer-offline"}
	}
	cmd := exec.Command("npm", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Println("install failed:", err)
		os.Exit(1)
	}
}
