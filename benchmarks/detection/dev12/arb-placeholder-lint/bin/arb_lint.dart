// arb_lint.dart - placeholder and ICU checks for Flutter ARB files (read-only).
import 'dart:convert';
import 'dart:io';

final placeholderRe = RegExp(r'\{(\w+)(?:,\s*(plural|select)\s*,)?');

Set<String> placeholdersIn(String message) =>
    placeholderRe.allMatches(message).map((m) => m.group(1)!).toSet();

String? icuError(String message) {
  var depth = 0;
  for (final ch in message.split('')) {
    if (ch == '{') depth++;
    if (ch == '}') depth--;
    if (depth < 0) return 'unbalanced "}"';
  }
  if (depth != 0) return 'unbalanced "{"';
  final plural = RegExp(r'\{\w+,\s*plural\s*,(.*)\}$', dotAll: true).firstMatch(message);
  if (plural != null && !plural.group(1)!.contains('other{') && !plural.group(1)!.contains('other {')) {
    return 'plural without an "other" case';
  }
  return null;
}

void main(List<String> args) {
  final dir = Directory(args.isNotEmpty ? args[0] : 'lib/l10n');
  final templateName = args.length > 1 ? args[1] : 'app_en.arb';
  final template = jsonDecode(File('${dir.path}/$templateName').readAsStringSync()) as Map<String, dynamic>;
  final findings = <String>[];

  Map<String, Set<String>> declared = {};
  for (final entry in template.entries.where((e) => !e.key.startsWith('@'))) {
    final meta = template['@${entry.key}'] as Map<String, dynamic>?;
    final decl = (meta?['placeholders'] as Map<String, dynamic>?)?.keys.toSet() ?? <String>{};
    declared[entry.key] = decl;
    final used = placeholdersIn(entry.value as String);
    for (final p in used.difference(decl)) {
      findings.add('$templateName: ${entry.key}: placeholder {$p} not declared in @${entry.key}.placeholders');
    }
    final err = icuError(entry.value as String);
    if (err != null) findings.add('$templateName: ${entry.key}: $err');
  }
  for (final k in template.keys.where((k) => k.startsWith('@') && !k.startsWith('@@'))) {
    if (!template.containsKey(k.substring(1))) findings.add('$templateName: $k: metadata without a message');
  }

  for (final f in dir.listSync().whereType<File>().where((f) => f.path.endsWith('.arb') && !f.path.endsWith(templateName))) {
    final name = f.uri.pathSegments.last;
    final arb = jsonDecode(f.readAsStringSync()) as Map<String, dynamic>;
    for (final entry in arb.entries.where((e) => !e.key.startsWith('@'))) {
      final decl = declared[entry.key];
      if (decl == null) continue;
      final used = placeholdersIn(entry.value as String);
      for (final p in used.difference(decl)) {
        findings.add('$name: ${entry.key}: unknown placeholder {$p}');
      }
      for (final p in decl.difference(used)) {
        findings.add('$name: ${entry.key}: placeholder {$p} missing from the translation');
      }
      final err = icuError(entry.value as String);
      if (err != null) findings.add('$name: ${entry.key}: $err');
    }
  }

  findings.forEach(print);
  stdout.writeln('${findings.length} finding(s)');
  exitCode = findings.isEmpty ? 0 : 1;
}
