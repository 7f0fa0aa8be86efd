// The `cvsearch` command end to end, over the bundled sample profiles in data/:
// what a person at a terminal and a script calling `--json` rely on.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch::testing;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

/// data/profiles indexed into a temporary directory (once per test program run).
struct SampleIndex {
    TempDir dir;
    std::string db = (dir / "index").string();
    SampleIndex() {
        RunResult r = run_cli({"index", (source_dir() / "data" / "profiles").string(), "--db", db});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
};

const SampleIndex& sample() {
    static SampleIndex s;
    return s;
}

RunResult search(std::vector<std::string> args) {
    args.insert(args.begin(), {"search", "--db", sample().db});
    return run_cli(args);
}

json search_json(std::vector<std::string> args) {
    args.push_back("--json");
    RunResult r = search(args);
    INFO(r.err);
    REQUIRE(r.exit_code <= 1);
    REQUIRE(r.exit_code >= 0);
    return json::parse(r.out);
}

std::vector<std::string> ids_of(const json& results) {
    std::vector<std::string> ids;
    for (const auto& h : results.at("hits")) ids.push_back(h.at("id"));
    return ids;
}

/// Every hit's profile, as `cvsearch show --json` prints it.
json profile(const std::string& id) {
    RunResult r = run_cli({"show", id, "--db", sample().db, "--json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return json::parse(r.out);
}

bool has_venue(const json& p, const std::string& venue) {
    for (const auto& pub : p.at("publications"))
        if (pub.value("venue", "") == venue) return true;
    return false;
}

}  // namespace

TEST_CASE("a query prints ranked researchers, highlighted passages and facet counts") {
    RunResult r = run_cli({"--db", sample().db, "fault tolerance", "--color", "always"});  // the default subcommand
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find(" 1. ") != std::string::npos);
    CHECK(r.out.find("\x1b[") != std::string::npos);  // highlighted with --color always
    for (const char* facet : {"institution:", "venue:", "year:"}) CHECK(r.out.find(facet) != std::string::npos);

    RunResult plain = search({"fault tolerance", "--color", "never"});
    CHECK(plain.out.find("\x1b[") == std::string::npos);
    CHECK(plain.out.find("Fault") != std::string::npos);
}

TEST_CASE("--json: hits with highlight spans, facets, and spans that point at the matched words") {
    json j = search_json({"fault tolerance"});
    CHECK(j.at("query") == "fault tolerance");
    REQUIRE(j.at("total").get<int>() >= 3);
    REQUIRE(!j.at("hits").empty());
    int rank = 1;
    double previous = 1e300;
    for (const auto& h : j.at("hits")) {
        CHECK(h.at("rank").get<int>() == rank++);
        CHECK(h.at("score").get<double>() <= previous);
        previous = h.at("score").get<double>();
        CHECK(!h.at("name").get<std::string>().empty());
        REQUIRE(!h.at("highlights").empty());
        for (const auto& hl : h.at("highlights")) {
            const std::string text = hl.at("text");
            for (const auto& span : hl.at("spans")) {
                std::size_t b = span.at(0), e = span.at(1);
                REQUIRE(b < e);
                REQUIRE(e <= text.size());
                std::string word = text.substr(b, e - b);
                std::transform(word.begin(), word.end(), word.begin(), ::tolower);
                CHECK_MESSAGE((word.rfind("fault", 0) == 0 || word.rfind("toleran", 0) == 0), word);
            }
        }
    }
    for (const char* facet : {"institution", "venue", "year"}) {
        REQUIRE(j.at("facets").contains(facet));
        CHECK(!j.at("facets").at(facet).empty());
        for (const auto& v : j.at("facets").at(facet)) CHECK(v.at("count").get<int>() >= 1);
    }
}

TEST_CASE("--venue and venue: narrow the hits alike, to profiles with a paper there") {
    json all = search_json({"fault tolerance", "-n", "100"});
    json by_flag = search_json({"fault tolerance", "--venue", "SOSP", "-n", "100"});
    json by_field = search_json({"fault tolerance venue:SOSP", "-n", "100"});
    CHECK(ids_of(by_flag) == ids_of(by_field));
    REQUIRE(!ids_of(by_flag).empty());
    CHECK(by_flag.at("total").get<int>() < all.at("total").get<int>());
    for (const auto& id : ids_of(by_flag)) CHECK_MESSAGE(has_venue(profile(id), "SOSP"), id);
    // The venue facet of the unfiltered search predicted the filtered count.
    for (const auto& v : all.at("facets").at("venue"))
        if (v.at("value") == "SOSP") CHECK(v.at("count").get<int>() == by_flag.at("total").get<int>());
}

TEST_CASE("--institution, --years and year: filter by the normalized facet values") {
    json kaist = search_json({"", "--institution", "KAIST", "-n", "100"});
    REQUIRE(!ids_of(kaist).empty());
    for (const auto& id : ids_of(kaist)) {
        bool found = false;
        const json p = profile(id);  // kept alive: a range-for over a temporary's member dangles
        for (const auto& a : p.at("affiliations")) found = found || a.value("institution", "") == "KAIST";
        CHECK_MESSAGE(found, id);
    }
    json by_flag = search_json({"energy", "--years", "2023..2024", "-n", "100"});
    json by_field = search_json({"energy year:2023..2024", "-n", "100"});
    CHECK(ids_of(by_flag) == ids_of(by_field));
    REQUIRE(!ids_of(by_flag).empty());
    for (const auto& id : ids_of(by_flag)) {
        bool in_range = false;
        const json p = profile(id);
        for (const auto& pub : p.at("publications")) {
            int y = pub.at("year").is_number() ? pub.at("year").get<int>() : 0;
            in_range = in_range || (y >= 2023 && y <= 2024);
        }
        CHECK_MESSAGE(in_range, id);
    }
}

TEST_CASE("exit status: 1 without hits, 2 for a missing index with a hint how to build one") {
    RunResult none = search({"zzzyqqx"});
    CHECK(none.exit_code == 1);

    TempDir empty;
    RunResult missing = run_cli({"search", "--db", (empty / "nothing").string(), "energy"});
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find((empty / "nothing").string()) != std::string::npos);
    CHECK(missing.err.find("cvsearch index") != std::string::npos);

    RunResult bad_years = search({"energy", "--years", "soon"});
    CHECK(bad_years.exit_code == 2);
    CHECK(bad_years.err.find("soon") != std::string::npos);
}

TEST_CASE("a broken query is searched leniently with a warning, never an error") {
    json j = search_json({"fault AND", "-n", "5"});
    REQUIRE(!j.at("warnings").empty());
    CHECK(j.at("warnings").at(0).get<std::string>().find("syntax") != std::string::npos);
    CHECK(!j.at("hits").empty());
    // Unbalanced quotes and parentheses close themselves.
    json open = search_json({"\"fault tolerance ((", "-n", "5"});
    CHECK(!open.at("hits").empty());
}

TEST_CASE("paging: --offset continues where --limit stopped") {
    json first = search_json({"systems", "-n", "3"});
    json second = search_json({"systems", "-n", "3", "--offset", "3"});
    json both = search_json({"systems", "-n", "6"});
    std::vector<std::string> joined = ids_of(first);
    for (const auto& id : ids_of(second)) joined.push_back(id);
    CHECK(joined == ids_of(both));
}

TEST_CASE("show, similar and stats read the same index") {
    json hits = search_json({"fault tolerance", "-n", "1"});
    const std::string id = hits.at("hits").at(0).at("id");

    RunResult show = run_cli({"show", id, "--db", sample().db});
    CHECK(show.exit_code == 0);
    CHECK(show.out.find(hits.at("hits").at(0).at("name").get<std::string>()) != std::string::npos);

    RunResult similar = run_cli({"similar", id, "--db", sample().db, "--json"});
    REQUIRE(similar.exit_code == 0);
    json sim = json::parse(similar.out);
    REQUIRE(!ids_of(sim).empty());
    for (const auto& other : ids_of(sim)) CHECK(other != id);

    RunResult unknown = run_cli({"show", "no/such-person", "--db", sample().db});
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.find("no/such-person") != std::string::npos);

    RunResult stats = run_cli({"stats", "--db", sample().db, "--json"});
    REQUIRE(stats.exit_code == 0);
    json s = json::parse(stats.out);
    std::set<std::string> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(source_dir() / "data" / "profiles"))
        if (e.is_regular_file()) files.insert(e.path().string());
    CHECK(s.at("profiles").get<std::size_t>() >= files.size());  // a few files hold several profiles
}

TEST_CASE("parse prints the structured profile, a file it cannot read is reported and the rest still parsed") {
    TempDir dir;
    write_file(dir / "broken.json", "{\"name\": \"Unfinished");
    const std::string good = (source_dir() / "data" / "profiles" / "eth" / "marko-vukovic.txt").string();
    RunResult r = run_cli({"parse", "--json", (dir / "broken.json").string(), good});
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("broken.json") != std::string::npos);
    json profiles = json::parse(r.out);
    REQUIRE(profiles.size() == 1);
    CHECK(profiles.at(0).at("name") == "Marko Vuković");
    CHECK(!profiles.at(0).at("publications").empty());
}

TEST_CASE("CVSEARCH_DB names the index when --db is not given") {
    RunResult with_env = [&] {
        std::vector<std::string> argv = {"/usr/bin/env", "CVSEARCH_DB=" + sample().db, cli_binary(), "--json", "fault tolerance"};
        Child c(argv);
        return c.finish();
    }();
    INFO(with_env.err);
    CHECK(with_env.exit_code == 0);
    CHECK(ids_of(json::parse(with_env.out)) == ids_of(search_json({"fault tolerance"})));
}

TEST_CASE("--query-threads gives the same results, and a count below 1 is refused naming the flag") {
    const json one = search_json({"--query-threads", "1", "--venue", "SOSP", "systems"});
    CHECK(search_json({"--query-threads", "4", "--venue", "SOSP", "systems"}) == one);
    CHECK(search_json({"--venue", "SOSP", "systems"}) == one);  // the default: one per core
    RunResult zero = search({"--query-threads", "0", "systems"});
    CHECK(zero.exit_code == 2);
    CHECK(zero.err.find("--query-threads") != std::string::npos);
}

TEST_CASE("every subcommand's --help has examples, and an unknown flag is named") {
    for (const char* sub : {"search", "index", "parse", "show", "similar", "stats", "serve"}) {
        RunResult r = run_cli({sub, "--help"});
        CAPTURE(sub);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("Examples:") != std::string::npos);
    }
    RunResult unknown = run_cli({"search", "--no-such-flag"});
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.find("--no-such-flag") != std::string::npos);
}

TEST_CASE("a mistyped command is named, not searched, `cvsearch help` is help") {
    for (auto [typed, meant] : {std::pair{"stat", "stats"}, {"indx", "index"}, {"serach", "search"}, {"simlar", "similar"}}) {
        CAPTURE(typed);
        RunResult r = run_cli({typed, "cvs"});
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(r.err.rfind("cvsearch: ", 0) == 0);
        CHECK(r.err.find(std::string("did you mean `cvsearch ") + meant + "`") != std::string::npos);
        CHECK(r.err.find(std::string("cvsearch search ") + typed) != std::string::npos);  // how to search for it
    }
    RunResult help = run_cli({"help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("index") != std::string::npos);
    CHECK(help.out.find("search") != std::string::npos);
    RunResult help_index = run_cli({"help", "index"});
    CHECK(help_index.exit_code == 0);
    CHECK(help_index.out.find("--full") != std::string::npos);
    // A word far from every command is still a search.
    RunResult plain = run_cli({"consensus", "--db", sample().db, "--json"});
    CHECK(plain.exit_code == 0);
    CHECK(!json::parse(plain.out).at("hits").empty());
}

TEST_CASE("--institution is where people are now, --affiliated (and affiliation:) where they have ever been") {
    // The sample profiles: people with past jobs or degrees at an institution they have left.
    json now = search_json({"", "--institution", "Microsoft Research", "-n", "100"});
    json ever = search_json({"", "--affiliated", "Microsoft Research", "-n", "100"});
    json ever_field = search_json({"affiliation:\"Microsoft Research\"", "-n", "100"});
    CHECK(ids_of(ever) == ids_of(ever_field));
    const auto now_ids = ids_of(now), ever_ids = ids_of(ever);
    REQUIRE(ever_ids.size() > now_ids.size());  // the samples have people who left
    for (const auto& id : now_ids) CHECK(std::find(ever_ids.begin(), ever_ids.end(), id) != ever_ids.end());
    for (const auto& id : ever_ids) {
        const json p = profile(id);
        const auto& history = p.at("facets").at("affiliation");
        const auto& current = p.at("facets").at("current_institution");
        const bool there_now = std::find(current.begin(), current.end(), "Microsoft Research") != current.end();
        CHECK_MESSAGE(std::find(history.begin(), history.end(), "Microsoft Research") != history.end(), id);
        CHECK_MESSAGE(there_now == (std::find(now_ids.begin(), now_ids.end(), id) != now_ids.end()), id);
    }
    // Both facets are counted, and the terminal output names them.
    for (const char* facet : {"institution", "affiliation"}) CHECK(ever.at("facets").contains(facet));
    RunResult r = search({"--affiliated", "Microsoft Research", "--color", "never"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("\naffiliation: Microsoft Research (" + std::to_string(ever_ids.size()) + ")") != std::string::npos);
}

TEST_CASE("--venue and --institution take one value each: the query after them stays the query") {
    const json expected = search_json({"fault tolerance", "--venue", "SOSP"});
    REQUIRE(!expected.at("hits").empty());
    RunResult r = run_cli({"--venue", "SOSP", "fault tolerance", "--db", sample().db, "--json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(json::parse(r.out) == expected);
    // Repeated, they are any of them.
    const json either = search_json({"--venue", "SOSP", "--venue", "NeurIPS"});
    CHECK(either.at("total").get<int>() > search_json({"--venue", "SOSP"}).at("total").get<int>());
}

TEST_CASE("an unknown flag is named with the nearest one, behind the cvsearch: prefix") {
    RunResult r = search({"consensus", "--limt", "3"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("cvsearch: ", 0) == 0);
    CHECK(r.err.find("--limt") != std::string::npos);
    CHECK(r.err.find("did you mean --limit?") != std::string::npos);
    CHECK(r.err.find("cvsearch search --help") != std::string::npos);
    RunResult far = search({"consensus", "--zzzzzz"});
    CHECK(far.exit_code == 2);
    CHECK(far.err.find("did you mean") == std::string::npos);
}

TEST_CASE("warnings go to stderr with the cvsearch: prefix and results stay on stdout") {
    RunResult r = search({"fault AND", "-n", "2"});
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("cvsearch: warning: query syntax") != std::string::npos);
    CHECK(r.out.find("warning") == std::string::npos);
    CHECK(r.out.find("1. ") != std::string::npos);
}

TEST_CASE("an unknown filter value names the nearest values the index has") {
    RunResult r = search({"--institution", "Michgan"});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("\"Michgan\" is not in the index; did you mean \"University of Michigan\"") != std::string::npos);
    json j = search_json({"--venue", "NeurlPS"});
    REQUIRE(!j.at("warnings").empty());
    CHECK(j.at("warnings").at(0).get<std::string>().find("did you mean \"NeurIPS\"") != std::string::npos);
    json none = search_json({"--institution", "Zzyzx Quux"});
    CHECK(none.at("warnings").at(0).get<std::string>().find("did you mean") == std::string::npos);
}

TEST_CASE("index: an empty folder, or one with no CV file, is a warning and exit 1") {
    TempDir tmp;
    fs::create_directories(tmp / "empty");
    fs::create_directories(tmp / "other");
    write_file(tmp / "other" / "cv.docx", "not a format cvsearch reads");
    for (const char* dir : {"empty", "other"}) {
        CAPTURE(dir);
        RunResult r = run_cli({"index", (tmp / dir).string(), "--db", (tmp / (std::string(dir) + ".db")).string()});
        CHECK(r.exit_code == 1);
        CHECK(r.err.find((tmp / dir).string() + ": no CV files here") != std::string::npos);
        CHECK(r.err.find(".tex") != std::string::npos);
    }
}

TEST_CASE("index: the same folder given by another path is the same files") {
    TempDir tmp;
    fs::create_directories(tmp / "cvs");
    fs::create_directories(tmp / "elsewhere");
    fs::copy(source_dir() / "data" / "profiles" / "umich", tmp / "cvs" / "umich", fs::copy_options::recursive);
    const std::string db = (tmp / "db").string();
    RunResult first = run_cli({"index", (tmp / "cvs").string(), "--db", db});
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("3 added") != std::string::npos);
    for (const fs::path& other : {tmp / "cvs" / "", tmp / "elsewhere" / ".." / "cvs", tmp / "." / "cvs" / "."}) {
        CAPTURE(other.string());
        RunResult again = run_cli({"index", other.string(), "--db", db});
        CHECK(again.exit_code == 0);
        CHECK(again.out.find("0 added, 0 updated, 3 unchanged, 0 removed") != std::string::npos);
    }
}

TEST_CASE("no dead ends: a word no profile has, stop words, and a misspelled query still list profiles, saying why") {
    // "unicorns" is in no sample profile: the profiles with the other two words come, marked.
    RunResult relaxed = search({"energy measurement unicorns", "--limit", "3"});
    CHECK(relaxed.exit_code == 0);
    CHECK(relaxed.err.find("cvsearch: warning: no profile has all 3 words; showing profiles with 2 of 3") != std::string::npos);
    CHECK(relaxed.out.find("(2 of 3 words)") != std::string::npos);
    json j = search_json({"energy measurement unicorns"});
    CHECK(j.at("relaxed") == true);
    CHECK(j.at("all_words_total") == 0);
    CHECK(j.at("query_words") == 3);
    REQUIRE_FALSE(j.at("hits").empty());
    CHECK(j.at("hits").at(0).at("words_matched") == 2);
    // Question words are left out: the same profiles as the bare word.
    CHECK(ids_of(search_json({"who works on energy"})) == ids_of(search_json({"energy"})));
    // Nothing matches as typed: the suggestion is searched and shown.
    RunResult fixed = search({"enrgy mesurement"});
    CHECK(fixed.exit_code == 0);
    CHECK(fixed.out.find("Showing results for: energy measurement") != std::string::npos);
    json s = search_json({"enrgy mesurement"});
    CHECK(s.at("searched") == "energy measurement");
    CHECK(ids_of(s) == ids_of(search_json({"energy measurement"})));
}

TEST_CASE("an institution, venue or year named in the query is said back, with the filter that would narrow to it") {
    RunResult r = search({"GPUs at Michigan", "--limit", "3"});
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Ranked higher: institution University of Michigan (from \"Michigan\"); to filter, add "
                     "institution:\"University of Michigan\"") != std::string::npos);
    json j = search_json({"SOSP 2019"});
    REQUIRE(j.at("understood").size() == 2);
    CHECK(j.at("understood").at(0) == json{{"facet", "venue"}, {"value", "SOSP"}, {"words", "SOSP"}});
    CHECK(j.at("understood").at(1) == json{{"facet", "year"}, {"value", "2019"}, {"words", "2019"}});
    // The filter it offers narrows to the value.
    json filtered = search_json({"GPUs institution:\"University of Michigan\""});
    REQUIRE_FALSE(filtered.at("hits").empty());
    for (const auto& h : filtered.at("hits")) CHECK(h.at("institution") == "University of Michigan");
    CHECK(filtered.at("understood").empty());
}
