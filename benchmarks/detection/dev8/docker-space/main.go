package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func run(args ...string) {
	cmd := exec.Command("docker", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "docker", strings.Join(args, " "), ":", err)
	}
}

func main() {
	yes := flag.Bool("yes", false, "do not ask")
	flag.Parse()
	run("system", "df")
	if !*yes {
		fmt.Print("Remove dangling images and containers stopped for 24h+? [y/N] ")
		answer, _ := bufio.NewReader(os.Stdin).ReadString('\n')
		if strings.TrimSpace(answer) != "y" {
			return
		}
	}
	run("container", "prune", "-f", "--filter", "until=24h")
	run("image", "prune", "-f")
	run("system", "df")
}
