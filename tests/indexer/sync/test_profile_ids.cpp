// Profile ids are owned by file paths: a declared id cannot take another
// file's profile, two files with one path id are reported on every run and
// settled without the walk order (incremental and --full alike), and odd file
// names give clean, stable, distinct ids that HTTP and the CLI can use.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "cvsearch/http_api.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "indexer/profile_ids.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

SyncReport run(const fs::path& root, const fs::path& db, bool full) {
    SyncOptions opt;
    opt.roots = {root};
    opt.db = db;
    opt.full = full;
    return index_directory(opt);
}

std::string name_of(const fs::path& db, const std::string& id) {
    Searcher s(db);
    auto p = s.profile(id);
    return p ? p->name : std::string("(none)");
}

/// The failures of a run as "file: reason" lines.
std::string failures(const SyncReport& r) {
    std::string out;
    for (const auto& f : r.failed) out += fs::path(f.path).filename().string() + ": " + f.reason + "\n";
    return out;
}

std::string percent_encode(std::string_view s) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out.push_back(static_cast<char>(c));
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

bool has_control(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return true;
    return s.find("\xc2\x9b") != std::string_view::npos;
}

}  // namespace

TEST_CASE("profile ids: a declared id never takes another file's profile, whichever file sorts first") {
    // The impostor declares the real file's id; its name sorts before the real
    // file's in one round and after it in the other.
    for (const char* impostor : {"aaa-impostor.json", "zzz-impostor.json"}) {
        for (bool impostor_first : {false, true}) {
            CAPTURE(impostor);
            CAPTURE(impostor_first);
            TempDir dir;
            const fs::path cvs = dir / "cvs", db = dir / "db";
            const std::string stem = fs::path(impostor).stem().string();
            auto add_impostor = [&] {
                write_file(cvs / impostor, profile_json("Ivo Impostor", "phishing", "\"id\": \"mira\""));
            };
            if (impostor_first) add_impostor();
            write_file(cvs / "mira.json", profile_json("Mira Realsen", "glaciology"));
            REQUIRE(run(cvs, db, false).failed.empty());
            if (!impostor_first) add_impostor();
            for (bool full : {false, true, false, true}) {
                CAPTURE(full);
                SyncReport r = run(cvs, db, full);
                CHECK(r.failed.empty());
                CHECK(name_of(db, "mira") == "Mira Realsen");
                CHECK(name_of(db, stem) == "Ivo Impostor");  // the impostor's own path
                CHECK(ids_in(db) == std::set<std::string>{"mira", stem});
            }
        }
    }
}

TEST_CASE("profile ids: a file of several profiles keeps their declared ids under its own path") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "lab" / "people.jsonl", profile_json("Ada Quenby", "tessellation", "\"id\": \"ada\"") + "\n" +
                                                 profile_json("Bo Ferrand", "holography", "\"id\": \"lab/bo\"") + "\n" +
                                                 profile_json("Cy Marlowe", "palynology") + "\n");
    write_file(cvs / "ada.json", profile_json("Ada Other", "glaciology"));
    REQUIRE(run(cvs, db, false).failed.empty());
    CHECK(ids_in(db) == std::set<std::string>{"ada", "lab/people#ada", "lab/people#lab/bo", "lab/people#3"});
    CHECK(name_of(db, "ada") == "Ada Other");
    CHECK(name_of(db, "lab/people#ada") == "Ada Quenby");

    // One id given twice inside one file: the file's problem, reported.
    write_file(cvs / "twice.jsonl", profile_json("Di One", "x", "\"id\": \"d\"") + "\n" + profile_json("Di Two", "y", "\"id\": \"d\"") + "\n");
    SyncReport r = run(cvs, db, false);
    CHECK(contains(failures(r), "twice.jsonl: profile id \"twice#d\" is given to two profiles of this file"));
    CHECK(name_of(db, "twice#d") == "Di One");
}

TEST_CASE("profile ids: two files with one path id are reported every run, the holder keeps it, in both sort orders") {
    // alice.md sorts before alice.txt: the holder is first in one round, second in the other.
    for (const char* holder : {"alice.md", "alice.txt"}) {
        CAPTURE(holder);
        const std::string other = std::string(holder) == "alice.md" ? "alice.txt" : "alice.md";
        TempDir dir;
        const fs::path cvs = dir / "cvs", db = dir / "db";
        write_file(cvs / holder, "Alice Holder\nResearch interests: glaciology\n");
        REQUIRE(run(cvs, db, false).failed.empty());
        write_file(cvs / other, "Ivo Impostor\nResearch interests: phishing\n");
        for (bool full : {false, true, false, true}) {
            CAPTURE(full);
            SyncReport r = run(cvs, db, full);
            REQUIRE(r.failed.size() == 1);
            CHECK(fs::path(r.failed[0].path).filename() == other);
            CHECK(contains(r.failed[0].reason, "profile id \"alice\" belongs to"));
            CHECK(contains(r.failed[0].reason, holder));
            CHECK(name_of(db, "alice") == "Alice Holder");
            CHECK(ids_in(db) == std::set<std::string>{"alice"});
        }
        // The holder changes: it keeps its id (it is parsed again, not skipped).
        write_file(cvs / holder, "Alice Holder\nResearch interests: glaciology and sea ice\n");
        SyncReport r = run(cvs, db, false);
        CHECK(r.updated_ids == std::vector<std::string>{"alice"});
        CHECK(r.failed.size() == 1);
        CHECK(name_of(db, "alice") == "Alice Holder");
        // The holder goes: the id is free, the other file gets it.
        fs::remove(cvs / holder);
        r = run(cvs, db, false);
        CHECK(r.failed.empty());
        CHECK(name_of(db, "alice") == "Ivo Impostor");
    }
}

TEST_CASE("profile ids: with no holder, files sharing a path id are all refused, whatever the order or the run") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "alice.txt", "Alice Text\nResearch interests: glaciology\n");
    write_file(cvs / "alice" / "cv.md", "# Alice Folder\n\nResearch interests: phishing\n");
    write_file(cvs / "bob.txt", "Bob Plain\nResearch interests: optics\n");
    for (bool full : {false, false, true, true}) {
        CAPTURE(full);
        SyncReport r = run(cvs, db, full);
        CHECK(r.failed.size() == 2);
        CHECK(contains(failures(r), "alice.txt: profile id \"alice\" is also the id of"));
        CHECK(contains(failures(r), "cv.md: profile id \"alice\" is also the id of"));
        CHECK(contains(failures(r), "until one is renamed"));
        CHECK(ids_in(db) == std::set<std::string>{"bob"});
    }
    fs::rename(cvs / "alice" / "cv.md", cvs / "alice" / "alice-folder.md");
    SyncReport r = run(cvs, db, false);
    CHECK(r.failed.empty());
    CHECK(ids_in(db) == std::set<std::string>{"alice", "alice/alice-folder", "bob"});
}

TEST_CASE("profile ids: clean_id leaves clean names alone and makes every other name clean, stable and distinct") {
    using indexing::clean_id;
    CHECK(clean_id("kaist/jae-won", true) == "kaist/jae-won");
    CHECK(clean_id("Zoë Ångström", true) == "Zoë Ångström");
    CHECK(clean_id("日本/山田", true) == "日本/山田");
    const std::string raws[] = {"bad\xff",   "bad\xfe",      "bad\n",        "bad\x1b[2J", "bad\x1b[3J", "bad#1",
                                "bad\xc2\x9b", "bad\xe2\x80\xae", "bad\xc3",   "bad\xed\xa0\x80", "bad\x7f", "a/b#c"};
    std::set<std::string> seen;
    for (const auto& raw : raws) {
        CAPTURE(raw);
        const std::string id = clean_id(raw, true);
        CHECK(text::is_valid_utf8(id));
        CHECK_FALSE(has_control(id));
        CHECK(id.find('#') == std::string::npos);
        CHECK(id.find("\xe2\x80\xae") == std::string::npos);
        CHECK(id == clean_id(raw, true));          // stable
        CHECK(id.size() == clean_id(raw, true).size());
        CHECK(id.rfind('~') == id.size() - 9);     // changed: a hash suffix
        CHECK(seen.insert(id).second);             // distinct
    }
    CHECK(clean_id("a/b", false) != "a/b");
    CHECK(clean_id("bad_", true) == "bad_");  // a clean name that looks like a cleaned one is another id
    CHECK(seen.count("bad_") == 0);
}

TEST_CASE("profile ids: odd file names index under clean ids, reachable over HTTP and printed safely") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    const std::string names[] = {"ff\xff.txt", "nl\nname.txt", "esc\x1b]0;pwned\x07.txt", "bidi\xe2\x80\xaetxt.txt",
                                 "ok.txt"};
    for (const auto& n : names) write_file(cvs / n, "Odd Name\nResearch interests: glaciology\n");
    SyncReport first = run(cvs, db, false);
    CHECK(first.failed.empty());
    const std::set<std::string> ids = ids_in(db);
    REQUIRE(ids.size() == 5);
    CHECK(ids.count("ok") == 1);
    for (const auto& id : ids) {
        CAPTURE(id);
        CHECK(text::is_valid_utf8(id));
        CHECK_FALSE(has_control(id));
    }
    // Stable: the same ids from a full rebuild; an update changes nothing.
    CHECK(run(cvs, db, true).failed.empty());
    CHECK(ids_in(db) == ids);
    SyncReport again = run(cvs, db, false);
    CHECK(again.unchanged == 5);
    CHECK(again.added + again.updated + again.removed == 0);

    // Each one answers at /api/profiles/ID, percent-encoded as a client does.
    Searcher searcher(db);
    HttpApi api(searcher);
    for (const auto& id : ids) {
        CAPTURE(id);
        HttpResponse r = api.handle({"GET", "/api/profiles/" + percent_encode(id)});
        CHECK(r.status == 200);
        CHECK(nlohmann::json::parse(r.body)["id"] == id);
    }

    // The CLI prints them without a control byte.
    RunResult search = run_cli({"search", "glaciology", "--db", db.string(), "--color", "never"});
    CHECK(search.exit_code == 0);
    CHECK(search.out.find('\x1b') == std::string::npos);
    CHECK(search.out.find('\x07') == std::string::npos);
    for (const auto& id : ids) {
        CAPTURE(id);
        RunResult show = run_cli({"show", id, "--db", db.string()});
        CHECK(show.exit_code == 0);
        CHECK(show.out.find('\x1b') == std::string::npos);
        CHECK(show.out.find('\x07') == std::string::npos);
    }
}
