// Front matter: a deliberately small YAML/TOML subset (flat scalars and one
// level of nesting), because pages only use it for title/author/email.
#include "parse/readers/front_matter.hpp"

#include "core/text.hpp"
#include "parse/readers/markup.hpp"

namespace cvsearch::readers {
namespace {

std::string unquote(std::string_view v) {
    v = text::trim(v);
    // A quoted value ends at its closing quote; a YAML comment may follow it
    // (title: "Ada Lovelace" #"Old title").
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'')) {
        const char q = v.front();
        for (std::size_t i = 1; i < v.size(); ++i) {
            if (q == '"' && v[i] == '\\') { ++i; continue; }
            if (v[i] != q) continue;
            if (q == '\'' && i + 1 < v.size() && v[i + 1] == '\'') { ++i; continue; }  // '' inside '...'
            std::string_view rest = text::trim(v.substr(i + 1));
            if (rest.empty() || rest.front() == '#') return std::string(v.substr(1, i - 1));
            break;
        }
    }
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) return std::string(v.substr(1, v.size() - 2));
    if (auto hash = v.find(" #"); hash != std::string_view::npos) v = text::trim(v.substr(0, hash));  // YAML comment
    return std::string(v);
}

std::size_t indent_of(std::string_view line) {
    std::size_t n = 0;
    while (n < line.size() && (line[n] == ' ' || line[n] == '\t')) ++n;
    return n;
}

}  // namespace

std::string FrontMatter::get(std::initializer_list<std::string_view> keys) const {
    for (std::string_view k : keys)
        for (const auto& [key, value] : fields)
            if (key == k && !value.empty()) return value;
    return {};
}

FrontMatter split_front_matter(std::string_view text) {
    FrontMatter fm;
    fm.body = text;
    auto lines = markup::split_lines(text);
    if (lines.empty()) return fm;
    std::string_view fence = text::trim(lines[0]);
    if (fence != "---" && fence != "+++") return fm;
    const char sep = fence == "---" ? ':' : '=';
    std::string parent;
    std::size_t offset = lines[0].size() + 1;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string_view line = lines[i];
        std::string_view t = text::trim(line);
        if (t == fence || (sep == ':' && t == "...")) {
            std::size_t end = offset + line.size() + 1;
            fm.body = end <= text.size() ? text.substr(end) : std::string_view();
            return fm;
        }
        offset += line.size() + 1;
        if (t.empty() || t.front() == '#' || t.front() == '-' || t.front() == '[') continue;
        auto pos = t.find(sep);
        if (pos == std::string_view::npos) continue;
        std::string key = text::ascii_lower(text::trim(t.substr(0, pos)));
        std::string value = unquote(t.substr(pos + 1));
        if (indent_of(line) == 0) {
            parent = value.empty() ? key : std::string();
            fm.fields.emplace_back(key, value);
        } else if (!parent.empty()) {
            fm.fields.emplace_back(parent + "." + key, value);
        }
    }
    fm.fields.clear();  // no closing fence: it was a rule, not front matter
    return fm;
}

}  // namespace cvsearch::readers
