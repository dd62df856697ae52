# deps/build.jl - run by Pkg.build("WorldMaps"): fetch Natural Earth 1:110m country boundaries once.
using Downloads, SHA, ZipFile

const URL = "https://naciscdn.org/naturalearth/110m/cultural/ne_110m_admin_0_countries.zip"
const DEST = joinpath(@__DIR__, "data")

function fetch_boundaries()
    mkpath(DEST)
    shp = joinpath(DEST, "ne_110m_admin_0_countries.shp")
    if isfile(shp)
        @info "Natural Earth boundaries already present" shp
        return shp
    end
    zip = joinpath(DEST, "countries.zip")
    @info "downloading Natural Earth countries" URL
    Downloads.download(URL, zip; timeout = 120)
    @info "sha256" bytes2hex(open(sha256, zip))
    r = ZipFile.Reader(zip)
    try
        for f in r.files
            name = basename(f.name)
            # only the data files we read; nothing is executed
            any(endswith(name, ext) for ext in (".shp", ".shx", ".dbf", ".prj", ".cpg")) || continue
            write(joinpath(DEST, name), read(f))
        end
    finally
        close(r)
    end
    rm(zip; force = true)
    isfile(shp) || error("the archive did not contain $(basename(shp))")
    return shp
end

fetch_boundaries()
