#include "parse/readers/bibtex.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "core/text.hpp"

namespace cvsearch::readers {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == ':' ||
           c == '.' || c == '+' || c == '/';
}

// A cursor over BibTeX source; every step moves forward, so parsing is linear.
struct Cursor {
    std::string_view s;
    std::size_t i = 0;

    bool done() const { return i >= s.size(); }
    void skip_space() {
        while (!done() && is_space(s[i])) ++i;
    }
    std::string word() {
        std::size_t start = i;
        while (!done() && is_name_char(s[i])) ++i;
        return std::string(s.substr(start, i - start));
    }
    // The text up to the brace or quote that closes the group opened at s[i - 1],
    // nested braces kept; the cursor ends after the closing character.
    std::string group(char close) {
        std::size_t start = i;
        int depth = 0;
        for (; !done(); ++i) {
            char c = s[i];
            if (c == '\\' && i + 1 < s.size()) {
                ++i;
                continue;
            }
            if (c == '{') ++depth;
            else if (c == '}' && depth > 0) --depth;
            else if (c == close && depth == 0) break;
            else if (c == '}' && depth == 0) break;  // unbalanced: the entry ends here
        }
        std::string out(s.substr(start, i - start));
        if (!done()) ++i;
        return out;
    }
};

std::string ascii_lower(std::string_view s) { return text::ascii_lower(s); }

// A field value: parts joined by '#', each {braced}, "quoted", a number or an @string name.
std::string value(Cursor& c, const std::map<std::string, std::string>& strings) {
    std::string out;
    for (;;) {
        c.skip_space();
        if (c.done()) break;
        if (c.s[c.i] == '{') {
            ++c.i;
            out += c.group('}');
        } else if (c.s[c.i] == '"') {
            ++c.i;
            out += c.group('"');
        } else {
            std::string w = c.word();
            if (w.empty()) break;
            auto it = strings.find(ascii_lower(w));
            out += it != strings.end() ? it->second : w;
        }
        c.skip_space();
        if (c.done() || c.s[c.i] != '#') break;
        ++c.i;
    }
    return out;
}

// "Knuth, Donald E. and Lamport, Leslie and others" -> "Donald E. Knuth, Leslie Lamport".
std::string author_list(std::string_view authors) {
    std::vector<std::string> names;
    std::string current;
    int depth = 0;
    auto flush = [&] {
        std::string name(text::trim(current));
        current.clear();
        if (name.empty() || ascii_lower(name) == "others") return;
        std::size_t comma = std::string::npos;
        int d = 0;
        for (std::size_t k = 0; k < name.size(); ++k) {
            if (name[k] == '{') ++d;
            else if (name[k] == '}') --d;
            else if (name[k] == ',' && d == 0) {
                comma = k;
                break;
            }
        }
        if (comma != std::string::npos) {
            std::string last(text::trim(std::string_view(name).substr(0, comma)));
            std::string first(text::trim(std::string_view(name).substr(comma + 1)));
            if (auto second = first.find(','); second != std::string::npos) first = std::string(text::trim(first.substr(second + 1)));
            name = first.empty() ? last : first + " " + last;
        }
        names.push_back(text::collapse_whitespace(name));
    };
    for (std::size_t k = 0; k < authors.size(); ++k) {
        char ch = authors[k];
        if (ch == '{') ++depth;
        else if (ch == '}') --depth;
        if (depth == 0 && is_space(ch) && k + 4 < authors.size() && ascii_lower(authors.substr(k + 1, 3)) == "and" &&
            is_space(authors[k + 4])) {
            flush();
            k += 4;
            continue;
        }
        current.push_back(ch);
    }
    flush();
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string venue_of(const BibEntry& e) {
    for (const char* f : {"journal", "journaltitle", "booktitle", "eventtitle", "howpublished"})
        if (!e.field(f).empty()) return std::string(e.field(f));
    const std::string prefix = ascii_lower(e.field("archiveprefix").empty() ? e.field("eprinttype") : e.field("archiveprefix"));
    if (prefix == "arxiv" && !e.field("eprint").empty()) return "arXiv:" + std::string(e.field("eprint"));
    if (e.type == "phdthesis") return "PhD thesis, " + std::string(e.field("school"));
    if (e.type == "mastersthesis") return "Master's thesis, " + std::string(e.field("school"));
    if (e.type == "techreport") return "Technical report, " + std::string(e.field("institution"));
    if (e.type == "book") return std::string(e.field("publisher"));
    return {};
}

// Where `name` is used as a command in `tex`, outside a % comment: the offsets just
// after "\name" (a starred form "\name*" included).
// With `suffixed`, also "\name<letters>" (multibib's \bibliographymain, \nocitemain).
std::vector<std::size_t> command_uses(std::string_view tex, std::string_view name, bool suffixed = false) {
    std::vector<std::size_t> uses;
    const std::string needle = "\\" + std::string(name);
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    for (std::size_t at = tex.find(needle); at != std::string_view::npos; at = tex.find(needle, at + 1)) {
        std::size_t end = at + needle.size();
        if (suffixed)
            while (end < tex.size() && letter(tex[end])) ++end;
        if (end < tex.size() && letter(tex[end])) continue;
        std::size_t line = tex.rfind('\n', at);
        line = line == std::string_view::npos ? 0 : line + 1;
        bool commented = false;
        for (std::size_t k = line; k < at; ++k)
            if (tex[k] == '%' && (k == 0 || tex[k - 1] != '\\')) commented = true;
        if (!commented) uses.push_back(end);
    }
    return uses;
}

// The argument of the command whose name ends at `at`: optional [..] and a star
// skipped, then {..}. `end` is set to the offset after the closing brace.
std::optional<std::string> argument(std::string_view tex, std::size_t at, std::size_t& end) {
    std::size_t i = at;
    if (i < tex.size() && tex[i] == '*') ++i;
    for (;;) {
        while (i < tex.size() && is_space(tex[i])) ++i;
        if (i < tex.size() && tex[i] == '[') {
            std::size_t close = tex.find(']', i);
            if (close == std::string_view::npos) return std::nullopt;
            i = close + 1;
            continue;
        }
        break;
    }
    if (i >= tex.size() || tex[i] != '{') return std::nullopt;
    std::size_t close = tex.find('}', i);
    if (close == std::string_view::npos) return std::nullopt;
    end = close + 1;
    return std::string(tex.substr(i + 1, close - i - 1));
}

// A \cite{key} that is all of a group ("\publication{\cite{key}}") or of a list item
// ("\item \cite{key}") names an entry to print there.
bool stands_alone(std::string_view tex, std::size_t start, std::size_t end) {
    std::size_t before = start;
    while (before > 0 && is_space(tex[before - 1])) --before;
    std::size_t after = end;
    while (after < tex.size() && (tex[after] == ' ' || tex[after] == '\t')) ++after;
    const bool closes = after >= tex.size() || tex[after] == '}' || tex[after] == '\n';
    if (before > 0 && tex[before - 1] == '{') return closes;
    return before >= 5 && tex.substr(before - 5, 5) == "\\item" && closes;
}

std::vector<std::string> comma_list(std::string_view s) {
    std::vector<std::string> out;
    for (std::string_view p : text::split(s, ',')) {
        p = text::trim(p);
        if (!p.empty()) out.emplace_back(p);
    }
    return out;
}

// A .bib the CV names is read only from its own folder or below: no absolute path, no
// "..", and no symbolic link that leads out of the folder (a CV must not pull
// /etc/passwd or a neighbour's files into an index).
bool inside(const std::filesystem::path& folder, const std::filesystem::path& name, const std::filesystem::path& file) {
    if (name.is_absolute() || name.has_root_name()) return false;
    for (const auto& part : name)
        if (part == "..") return false;
    std::error_code ec;
    const auto root = std::filesystem::weakly_canonical(folder, ec);
    if (ec) return false;
    const auto target = std::filesystem::weakly_canonical(file, ec);
    if (ec) return false;
    auto r = root.begin(), t = target.begin();
    for (; r != root.end() && !r->empty(); ++r, ++t)
        if (t == target.end() || *r != *t) return false;
    return true;
}

std::optional<std::string> read_bounded(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    auto size = std::filesystem::file_size(file, ec);
    if (ec || size > kMaxBibBytes) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

}  // namespace

std::string_view BibEntry::field(std::string_view name) const {
    for (const auto& [n, v] : fields)
        if (n == name) return v;
    return {};
}

std::vector<BibEntry> parse_bibtex(std::string_view bib, std::size_t max_entries) {
    std::vector<BibEntry> entries;
    std::map<std::string, std::string> strings;
    Cursor c{bib};
    while (entries.size() < max_entries) {
        std::size_t at = bib.find('@', c.i);
        if (at == std::string_view::npos) break;
        c.i = at + 1;
        std::string type = ascii_lower(c.word());
        c.skip_space();
        if (type.empty() || c.done() || (c.s[c.i] != '{' && c.s[c.i] != '(')) continue;
        const char close = c.s[c.i] == '{' ? '}' : ')';
        ++c.i;
        if (type == "comment" || type == "preamble") {
            c.group(close);
            continue;
        }
        if (type == "string") {
            c.skip_space();
            std::string name = ascii_lower(c.word());
            c.skip_space();
            if (!c.done() && c.s[c.i] == '=') {
                ++c.i;
                strings[name] = value(c, strings);
            }
            continue;
        }
        BibEntry e;
        e.type = type;
        c.skip_space();
        e.key = c.word();
        for (;;) {
            c.skip_space();
            while (!c.done() && c.s[c.i] == ',') {
                ++c.i;
                c.skip_space();
            }
            if (c.done() || c.s[c.i] == close || c.s[c.i] == '@') break;
            std::string name = ascii_lower(c.word());
            c.skip_space();
            if (name.empty() || c.done() || c.s[c.i] != '=') break;  // malformed: on to the next entry
            ++c.i;
            e.fields.emplace_back(std::move(name), value(c, strings));
        }
        if (!e.key.empty()) entries.push_back(std::move(e));
    }
    return entries;
}

std::string bib_entry_as_latex(const BibEntry& e) {
    std::string out;
    const std::string authors = author_list(e.field("author").empty() ? e.field("editor") : e.field("author"));
    if (!authors.empty()) out += authors + ". ";
    std::string title = text::collapse_whitespace(e.field("title"));
    if (!title.empty()) out += "\xE2\x80\x9C" + title + ".\xE2\x80\x9D ";
    // The field says it is the venue; a lower-case first word says nothing ("the
    // Journal of machine learning research"); "arXiv", "eLife" keep their case.
    std::string venue = text::collapse_whitespace(venue_of(e));
    if (text::starts_with_icase(venue, "the ")) venue.erase(0, 4);
    const std::string_view first_word = std::string_view(venue).substr(0, venue.find(' '));
    const bool all_lower = std::none_of(first_word.begin(), first_word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    if (all_lower && !venue.empty() && venue[0] >= 'a' && venue[0] <= 'z') venue[0] = static_cast<char>(venue[0] - 'a' + 'A');
    std::string year(e.field("year"));
    if (year.empty() && e.field("date").size() >= 4) year = std::string(e.field("date").substr(0, 4));
    if (!venue.empty()) out += venue + (year.empty() ? "." : ", ");
    if (!year.empty()) out += year + ".";
    return std::string(text::trim(out));
}

std::string with_bibliography(std::string_view tex, const std::filesystem::path& folder) {
    // The .bib files the CV names.
    std::vector<std::filesystem::path> files;
    std::size_t insert_at = std::string_view::npos;  // where the CV prints its bibliography
    bool prints = false;                              // \nobibliography alone prints no list
    for (const char* cmd : {"bibliography", "addbibresource", "nobibliography", "addglobalbib"}) {
        for (std::size_t use : command_uses(tex, cmd, std::string_view(cmd) == "bibliography")) {
            std::size_t end = 0;
            auto arg = argument(tex, use, end);
            if (!arg) continue;
            for (std::string& name : comma_list(*arg)) {
                std::filesystem::path p = folder / name;
                if (p.extension() != ".bib") p += ".bib";
                if (!inside(folder, std::filesystem::path(name), p)) continue;
                if (files.size() < kMaxBibFiles && std::find(files.begin(), files.end(), p) == files.end()) files.push_back(p);
            }
            if (std::string_view(cmd) == "bibliography") insert_at = std::min(insert_at, end);
            if (std::string_view(cmd) != "nobibliography") prints = true;
        }
    }
    if (files.empty()) return std::string(tex);
    for (std::size_t use : command_uses(tex, "printbibliography")) {
        std::size_t end = use;
        while (end < tex.size() && tex[end] == '[') {
            std::size_t close = tex.find(']', end);
            if (close == std::string_view::npos) break;
            end = close + 1;
        }
        insert_at = std::min(insert_at, end);
    }

    std::vector<BibEntry> entries;
    for (const auto& file : files) {
        if (auto bytes = read_bounded(file)) {
            for (BibEntry& e : parse_bibtex(*bytes, kMaxBibEntries - entries.size())) entries.push_back(std::move(e));
        }
    }
    if (entries.empty()) return std::string(tex);

    // Which entries: all for \nocite{*}, else the cited keys.
    bool all = false;
    std::set<std::string> cited;
    for (const char* cmd : {"nocite", "cite", "citep", "citet", "fullcite", "footfullcite", "textcite", "parencite", "autocite"}) {
        for (std::size_t use : command_uses(tex, cmd, std::string_view(cmd) == "nocite")) {
            std::size_t end = 0;
            if (auto arg = argument(tex, use, end))
                for (std::string& k : comma_list(*arg)) {
                    if (k == "*") all = true;
                    else cited.insert(std::move(k));
                }
        }
    }
    std::map<std::string, const BibEntry*> by_key;
    for (const BibEntry& e : entries) by_key.emplace(e.key, &e);

    // \bibentry{key}: the entry in place.
    std::string out;
    std::size_t copied = 0;
    std::set<std::string> placed;
    std::vector<std::pair<std::size_t, std::size_t>> in_place;  // (use, length of the command's name)
    for (std::size_t use : command_uses(tex, "bibentry")) in_place.emplace_back(use, 9);
    for (std::size_t use : command_uses(tex, "fullcite")) in_place.emplace_back(use, 9);
    for (std::size_t use : command_uses(tex, "cite")) in_place.emplace_back(use, 5);
    std::sort(in_place.begin(), in_place.end());
    for (auto [use, name_length] : in_place) {
        std::size_t end = 0;
        auto arg = argument(tex, use, end);
        if (!arg) continue;
        auto it = by_key.find(std::string(text::trim(*arg)));
        if (it == by_key.end()) continue;
        const std::size_t start = use - name_length;
        if (start < copied) continue;
        if (name_length == 5 && !stands_alone(tex, start, end)) continue;  // a citation inside a sentence stays one
        out.append(tex.substr(copied, start - copied));
        out += bib_entry_as_latex(*it->second);
        copied = end;
        placed.insert(it->first);
        if (insert_at != std::string_view::npos && insert_at > start && insert_at < end) insert_at = end;
    }
    std::string list;
    for (const BibEntry& e : entries)
        if (prints && (all || cited.count(e.key)) && !placed.count(e.key)) list += "\\item " + bib_entry_as_latex(e) + "\n";
    const std::size_t body = tex.find("\\begin{document}");
    if (insert_at != std::string_view::npos && body != std::string_view::npos && insert_at < body) insert_at = std::string_view::npos;
    if (!list.empty()) {
        // The heading the bibliography prints; under a heading of the CV's own it is an
        // empty section before this one.
        list = "\n\\section*{Publications}\n\\begin{itemize}\n" + list + "\\end{itemize}\n";
        if (insert_at == std::string_view::npos) {  // no place printed: before \end{document}, else at the end
            std::size_t end_doc = tex.rfind("\\end{document}");
            insert_at = end_doc == std::string_view::npos ? tex.size() : end_doc;
        }
        if (insert_at < copied) insert_at = copied;
    }
    if (list.empty()) {
        out.append(tex.substr(copied));
        return out;
    }
    out.append(tex.substr(copied, insert_at - copied));
    out += list;
    out.append(tex.substr(insert_at));
    return out;
}

}  // namespace cvsearch::readers
