#!/usr/bin/env kotlin
// stats.main.kts FILE [--delimiter C]: per-column profile of a CSV file.
import java.io.File

val file = File(args.getOrNull(0) ?: error("usage: kotlin stats.main.kts FILE [--delimiter C]"))
val delimiter = args.indexOf("--delimiter").takeIf { it >= 0 }?.let { args[it + 1].first() } ?: ','

fun split(line: String): List<String> {
    val out = mutableListOf<String>()
    val cur = StringBuilder()
    var quoted = false
    var i = 0
    while (i < line.length) {
        val c = line[i]
        when {
            c == '"' && quoted && i + 1 < line.length && line[i + 1] == '"' -> { cur.append('"'); i++ }
            c == '"' -> quoted = !quoted
            c == delimiter && !quoted -> { out += cur.toString(); cur.clear() }
            else -> cur.append(c)
        }
        i++
    }
    out += cur.toString()
    return out
}

val lines = file.readLines().filter { it.isNotBlank() }
val header = split(lines.first())
val rows = lines.drop(1).map(::split)

for ((idx, name) in header.withIndex()) {
    val values = rows.map { it.getOrNull(idx)?.trim().orEmpty() }
    val present = values.filter { it.isNotEmpty() }
    val numbers = present.mapNotNull { it.toDoubleOrNull() }
    val type = when {
        present.isEmpty() -> "empty"
        numbers.size == present.size -> "number"
        else -> "text"
    }
    println("## $name ($type)")
    println("  nulls: ${values.size - present.size}/${values.size}, distinct: ${present.toSet().size}")
    if (type == "number") {
        println("  min: ${numbers.min()}, max: ${numbers.max()}, mean: ${"%.3f".format(numbers.average())}")
    } else if (type == "text") {
        val top = present.groupingBy { it }.eachCount().entries.sortedByDescending { it.value }.take(5)
        println("  top: " + top.joinToString { "${it.key} (${it.value})" })
    }
}
