module PubTheme

using TOML

export pub_theme, figsize, OKABE_ITO

const MM = 72 / 25.4   # points per millimetre

const WIDTHS = Dict(:single => 85.0, :onehalf => 120.0, :double => 178.0)

const OKABE_ITO = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442",
    "#0072B2", "#D55E00", "#CC79A7", "#000000",
]

const METRICS_FILE = joinpath(@__DIR__, "..", "deps", "fontmetrics.toml")

"""Figure size in points for a column width (`:single`, `:onehalf`, `:double`) and aspect ratio."""
function figsize(width::Symbol = :single; aspect = 0.75, widths = WIDTHS)
    w = widths[width] * MM
    return (round(Int, w), round(Int, w * aspect))
end

function font_family()
    isfile(METRICS_FILE) || return "TeX Gyre Termes"
    return get(TOML.parsefile(METRICS_FILE), "family", "TeX Gyre Termes")
end

"""A theme as a NamedTuple that Makie's `Theme(; ...)` and Plots' `default(; ...)` both accept."""
function pub_theme(width::Symbol = :single; fontsize = 8, widths = WIDTHS)
    return (
        size = figsize(width; widths = widths),
        fontsize = fontsize,
        fonts = (regular = font_family(), bold = font_family() * " Bold"),
        palette = (color = OKABE_ITO,),
        linewidth = 1.0,
        markersize = 4,
        figure_padding = 4,
    )
end

end # module
