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

bool is_layout_key(std::string_view key) {
    std::string k;
    for (char c : text::ascii_lower(key))
        if (std::isalnum(static_cast<unsigned char>(c))) k.push_back(c);
    for (std::string_view x : {"url", "icon", "image", "img", "logo", "color", "colour", "colorborder", "percent", "button",
                               "link", "links", "pdf", "slug", "id", "weight", "file", "path", "src", "style", "align"})
        if (k == x) return true;
    return k.ends_with("url") || k.ends_with("logo") || k.ends_with("icon") || k.ends_with("image");
}

// "key: value" in a YAML line; no key for a plain value or a "- item".
bool yaml_key(std::string_view t, std::string& key, std::string_view& value) {
    auto pos = t.find(':');
    if (pos == std::string_view::npos || pos == 0) return false;
    if (pos + 1 < t.size() && t[pos + 1] != ' ') return false;  // "https://..." is a value
    for (char c : t.substr(0, pos))
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
    key = std::string(t.substr(0, pos));
    value = text::trim(t.substr(pos + 1));
    return true;
}

// The entries of one top-level block (its lines, indentation kept).
std::vector<std::string> block_entries(const std::vector<std::string_view>& lines) {
    std::vector<std::string> out, fields, prose;
    auto flush = [&] {
        std::string line;
        for (const auto& f : fields) line += (line.empty() ? "" : ", ") + f;
        if (!line.empty()) out.push_back("- " + line);
        for (auto& p : prose) out.push_back(std::move(p));
        fields.clear();
        prose.clear();
    };
    std::size_t item_indent = std::string::npos, scalar_indent = 0, skip_indent = 0;
    bool in_scalar = false, skipping = false;
    for (std::string_view line : lines) {
        std::string_view t = text::trim(line);
        const std::size_t indent = indent_of(line);
        if (t.empty()) continue;
        if (in_scalar && indent > scalar_indent) {  // a line of a "|" or ">" block scalar
            prose.emplace_back(t);
            continue;
        }
        in_scalar = false;
        if (skipping && indent > skip_indent) continue;  // under a key for links or styling
        skipping = false;
        if (t.front() == '#') continue;
        if (t.front() == '-' && (t.size() == 1 || t[1] == ' ')) {
            if (item_indent == std::string::npos) item_indent = indent;
            if (indent <= item_indent) flush();
            t = text::trim(t.substr(1));
            if (t.empty()) continue;
        }
        std::string key;
        std::string_view value;
        if (!yaml_key(t, key, value)) {
            if (std::string v = unquote(t); !v.empty()) fields.push_back(std::move(v));
            continue;
        }
        if (is_layout_key(key)) {
            skipping = true;
            skip_indent = indent;
            continue;
        }
        if (!value.empty() && (value.front() == '|' || value.front() == '>')) {
            in_scalar = true;
            scalar_indent = indent;
            continue;
        }
        std::string v = unquote(value);
        if (v.empty() || v == "true" || v == "false" || v.find("://") != std::string::npos) continue;
        fields.push_back(std::move(v));
    }
    flush();
    return out;
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
    std::vector<std::pair<std::string, std::vector<std::string_view>>> blocks;  // YAML only
    std::size_t offset = lines[0].size() + 1;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string_view line = lines[i];
        std::string_view t = text::trim(line);
        if (t == fence || (sep == ':' && t == "...")) {
            std::size_t end = offset + line.size() + 1;
            fm.body = end <= text.size() ? text.substr(end) : std::string_view();
            for (auto& [key, block] : blocks)
                if (auto entries = block_entries(block); !entries.empty()) fm.blocks.emplace_back(key, std::move(entries));
            return fm;
        }
        offset += line.size() + 1;
        if (sep == ':' && !t.empty() && (indent_of(line) > 0 || t.front() == '-') && !blocks.empty() &&
            blocks.back().first == parent)
            blocks.back().second.push_back(line);
        if (t.empty() || t.front() == '#' || t.front() == '-' || t.front() == '[') continue;
        auto pos = t.find(sep);
        if (pos == std::string_view::npos) continue;
        std::string key = text::ascii_lower(text::trim(t.substr(0, pos)));
        std::string value = unquote(t.substr(pos + 1));
        if (indent_of(line) == 0) {
            parent = value.empty() ? key : std::string();
            if (!parent.empty() && sep == ':') blocks.emplace_back(parent, std::vector<std::string_view>{});
            fm.fields.emplace_back(key, value);
        } else if (!parent.empty()) {
            fm.fields.emplace_back(parent + "." + key, value);
        }
    }
    fm.fields.clear();  // no closing fence: it was a rule, not front matter
    return fm;
}

}  // namespace cvsearch::readers
