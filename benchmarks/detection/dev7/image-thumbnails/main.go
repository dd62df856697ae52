package main

import (
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/draw"
)

func main() {
	in := flag.String("in", ".", "input folder")
	out := flag.String("out", "thumbs", "output folder")
	width := flag.Int("width", 320, "thumbnail width")
	flag.Parse()
	os.MkdirAll(*out, 0o755)
	files, _ := filepath.Glob(filepath.Join(*in, "*"))
	for _, f := range files {
		ext := strings.ToLower(filepath.Ext(f))
		if ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
			continue
		}
		r, err := os.Open(f)
		if err != nil {
			continue
		}
		src, _, err := image.Decode(r)
		r.Close()
		if err != nil {
			continue
		}
		b := src.Bounds()
		h := b.Dy() * *width / b.Dx()
		dst := image.NewRGBA(image.Rect(0, 0, *width, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)) + ".jpg"
		w, _ := os.Create(filepath.Join(*out, name))
		jpeg.Encode(w, dst, &jpeg.Options{Quality: 85})
		w.Close()
		fmt.Println(name)
	}
}
