// The readers on real CVs (../shared, when present) and on the sample profiles
// in data/profiles: nothing may throw, and the text handed to the extractor
// must keep the light-markup contract of reader.hpp.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "parse/readers/reader.hpp"
#include "tests/test_util.hpp"

namespace fs = std::filesystem;
using namespace cvsearch;

namespace {

std::vector<fs::path> files_under(const fs::path& dir) {
    std::vector<fs::path> out;
    if (!fs::is_directory(dir)) return out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && is_profile_file_name(e.path().string())) out.push_back(e.path());
    return out;
}

// The light-markup contract, line by line.
void check_contract(const std::string& text, const std::string& file) {
    CAPTURE(file);
    CHECK(text::is_valid_utf8(text));
    CHECK_FALSE(text::trim(text).empty());
    CHECK(text.find_first_of("\r\t\f\v") == std::string::npos);
    CHECK(text.find("\n\n\n") == std::string::npos);
    CHECK(text.find("  ") == std::string::npos);
    CHECK(text.front() != '\n');
    CHECK(text.back() != '\n');
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line(text.data() + start, end - start);
        if (!line.empty()) {
            CAPTURE(line);
            CHECK(line.front() != ' ');
            CHECK(line.back() != ' ');
            if (line.front() == '#') {  // "# X" to "###### X"
                std::size_t h = line.find_first_not_of('#');
                CHECK((h <= 6 && h + 1 < line.size() && line[h] == ' ' && line[h + 1] != ' '));
            }
            if (line.substr(0, 2) == "- ") CHECK(line.size() > 2);
            for (const char* tag : {"<div", "<span", "<br", "<li>", "</p>", "</a>", "\\textbf", "\\item", "\\begin{"})
                CHECK_MESSAGE(line.find(tag) == std::string_view::npos, tag);
        }
        start = end + 1;
    }
}

void read_one(const fs::path& path) {
    const std::string name = path.string();
    const std::string bytes = testing::read_file(path);
    Format format = detect_format(name, bytes);
    CAPTURE(name);
    switch (format) {
        case Format::json_resume: CHECK_NOTHROW(readers::read_json_resume(readers::decode_to_utf8(bytes), name)); return;
        case Format::profile_json: CHECK_NOTHROW(readers::read_profile_json(readers::decode_to_utf8(bytes), name)); return;
        default: break;
    }
    readers::TextDocument doc;
    switch (format) {
        case Format::pdf: doc = readers::read_pdf(bytes, name); break;
        case Format::markdown: doc = readers::read_markdown(readers::decode_to_utf8(bytes)); break;
        case Format::latex: doc = readers::read_latex(readers::decode_to_utf8(bytes)); break;
        case Format::html: doc = readers::read_html(readers::decode_to_utf8(bytes)); break;
        default: doc = readers::read_text(readers::decode_to_utf8(bytes)); break;
    }
    check_contract(doc.text, name);
    CHECK(text::is_valid_utf8(doc.name_hint));
}

void read_all(const fs::path& dir) {
    auto files = files_under(dir);
    if (files.empty()) {
        MESSAGE(dir.string() << " is absent or empty: skipped");
        return;
    }
    for (const auto& f : files) {
        try {
            read_one(f);
        } catch (const Error& e) {
            FAIL_CHECK(f.string() << ": " << e.what());
        }
    }
    MESSAGE(files.size() << " files read from " << dir.string());
}

}  // namespace

TEST_CASE("real CVs: the seeds read cleanly") { read_all(testing::shared_dir() / "seeds"); }

TEST_CASE("real CVs: the corpus (LaTeX, Markdown, HTML, JSON Resume, text) reads cleanly") {
    read_all(testing::shared_dir() / "corpus" / "real");
}

TEST_CASE("sample profiles in data/profiles read cleanly") { read_all(testing::source_dir() / "data" / "profiles"); }
