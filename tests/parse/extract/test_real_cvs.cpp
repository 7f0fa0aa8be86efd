// Every real CV next to the checkout parses; the seed CVs yield a name and publications.
// The CVs are not part of the repository: the test skips when ../shared is absent.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cvsearch/parse.hpp"
#include "tests/test_util.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> files_in(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && cvsearch::is_profile_file_name(e.path().string())) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("every seed and corpus CV parses without an exception") {
    auto files = files_in(cvsearch::testing::shared_dir() / "seeds");
    auto corpus = files_in(cvsearch::testing::shared_dir() / "corpus" / "real");
    files.insert(files.end(), corpus.begin(), corpus.end());
    if (files.empty()) {
        MESSAGE("no ../shared CVs here; skipped");
        return;
    }
    for (const auto& f : files) {
        std::string name = f.filename().string();
        CAPTURE(name);
        CHECK_NOTHROW(cvsearch::parse_file(f));
    }
}

TEST_CASE("the seed CVs yield a name (when stated in a header) and publications") {
    auto files = files_in(cvsearch::testing::shared_dir() / "seeds");
    if (files.empty()) {
        MESSAGE("no ../shared/seeds here; skipped");
        return;
    }
    std::size_t named = 0;
    for (const auto& f : files) {
        std::string name = f.filename().string();
        CAPTURE(name);
        auto profiles = cvsearch::parse_file(f);
        REQUIRE(profiles.size() == 1);
        CHECK_FALSE(profiles[0].publications.empty());
        if (!profiles[0].name.empty()) ++named;
    }
    // Seeds that are publication pages state no name of their own; most CVs do.
    CHECK(named * 2 >= files.size());
}

TEST_CASE("a LaTeX CV dated month/two-digit year (\"07/15 - present\") gets its years and its current post") {
    const fs::path file = cvsearch::testing::shared_dir() / "corpus" / "real" / "01-henri-casanova.tex";
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) {
        MESSAGE("no ../shared corpus here; skipped");
        return;
    }
    auto profiles = cvsearch::parse_file(file);
    REQUIRE(profiles.size() == 1);
    const auto& p = profiles[0];
    CHECK(cvsearch::current_institution(p).find("Hawai") != std::string::npos);
    std::size_t dated = 0, work = 0;
    for (const auto& a : p.affiliations) {
        if (a.kind == cvsearch::AffiliationKind::education) continue;
        ++work;
        if (a.start_year) ++dated;
    }
    CHECK(work >= 10);
    CHECK(dated == work);
}
