// Package bundle compiles the web client's TypeScript sources into the
// files the server embeds, with esbuild. The same function serves
// `go generate` and the test that fails when the committed files are
// stale, so the two cannot disagree.
package bundle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/chancery/chancery/board"
	"github.com/evanw/esbuild/pkg/api"
)

// palette gives the style sheet's `@import "chancery:palette"` the
// powers' colours from package board, their one source.
var palette = api.Plugin{
	Name: "palette",
	Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^chancery:palette$`}, func(api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "palette.css", Namespace: "chancery"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "chancery"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
			css := board.CSS()
			return api.OnLoadResult{Contents: &css, Loader: api.LoaderCSS}, nil
		})
	},
}

// Static lists the source files copied unchanged into the output.
var Static = []string{"index.html", "favicon.svg"}

// Build compiles the client in dir (the web folder: sources in src/) and
// returns the output files by name, relative to dist/.
func Build(dir string) (map[string][]byte, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	src := filepath.Join(dir, "src")
	res := api.Build(api.BuildOptions{
		// live-worker.ts is the SharedWorker that holds a browser's one
		// live-update stream: a worker needs a script of its own.
		// sw.ts is the service worker of Web Push, served from the root
		// so that its scope covers every page.
		EntryPoints:       []string{filepath.Join(src, "main.ts"), filepath.Join(src, "live-worker.ts"), filepath.Join(src, "sw.ts"), filepath.Join(src, "style.css")},
		Bundle:            true,
		Write:             false,
		Outdir:            filepath.Join(dir, "dist"),
		EntryNames:        "[name]",
		Format:            api.FormatESModule,
		Target:            api.ES2022,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
		LogLevel:          api.LogLevelSilent,
		Plugins:           []api.Plugin{palette},
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return nil, errors.New("compiling the web client:\n" + strings.Join(msgs, ""))
	}
	out := map[string][]byte{}
	dist := filepath.Join(dir, "dist")
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(dist, f.Path)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", f.Path, err)
		}
		out[filepath.ToSlash(rel)] = f.Contents
	}
	for _, name := range Static {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
	return out, nil
}
