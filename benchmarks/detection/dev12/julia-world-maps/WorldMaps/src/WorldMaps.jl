module WorldMaps

using Shapefile

export choropleth, countries

const SHP = joinpath(@__DIR__, "..", "deps", "data", "ne_110m_admin_0_countries.shp")

const REGIONS = Dict(
    :world => ((-180, 180), (-60, 85)),
    :europe => ((-25, 45), (34, 72)),
    :africa => ((-20, 55), (-36, 38)),
    :asia => ((25, 150), (-12, 60)),
    :americas => ((-170, -30), (-56, 75)),
    :oceania => ((110, 180), (-50, 5)),
)

"""All countries as (iso3, geometry) pairs from the Natural Earth shapefile fetched at build time."""
function countries()
    isfile(SHP) || error("boundaries missing: run Pkg.build(\"WorldMaps\")")
    t = Shapefile.Table(SHP)
    return [(row.ADM0_A3, Shapefile.shape(row)) for row in t]
end

"""
    choropleth(iso, values; colormap = :viridis, region = :world)

Map `values` onto the countries named by ISO alpha-3 codes `iso`. Needs a Makie backend loaded;
returns the figure.
"""
function choropleth(iso::AbstractVector, values::AbstractVector; colormap = :viridis, region = :world)
    Makie = Base.require(Main, :Makie)
    lookup = Dict(zip(uppercase.(string.(iso)), values))
    shapes = countries()
    missing_codes = setdiff(keys(lookup), first.(shapes))
    isempty(missing_codes) || @warn "no boundary for" collect(missing_codes)
    fig = Makie.Figure(size = (900, 500))
    ax = Makie.Axis(fig[1, 1]; aspect = Makie.DataAspect())
    (xl, yl) = REGIONS[region]
    Makie.limits!(ax, xl..., yl...)
    lo, hi = extrema(values)
    for (code, geom) in shapes
        v = get(lookup, code, nothing)
        color = v === nothing ? :gray90 : Makie.cgrad(colormap)[(v - lo) / max(hi - lo, eps())]
        Makie.poly!(ax, geom; color = color, strokecolor = :white, strokewidth = 0.4)
    end
    Makie.Colorbar(fig[1, 2]; colormap = colormap, limits = (lo, hi))
    Makie.hidedecorations!(ax)
    return fig
end

end # module
