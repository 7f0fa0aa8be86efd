// The test programs' main: doctest's, plus one guard. ctest runs each test case
// as `test_X --test-case=NAME` (doctest_discover_tests). A name the filter
// cannot carry (a ';' splits it into two CMake arguments) would run nothing and
// pass; so a run that was given a --test-case filter and ran no test case fails.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <atomic>
#include <cstdio>
#include <string_view>

namespace {

std::atomic<int> test_cases_started{0};

struct CountTestCases : doctest::IReporter {
    explicit CountTestCases(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData&) override { ++test_cases_started; }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats&) override {}
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};

}  // namespace

DOCTEST_REGISTER_LISTENER("count-test-cases", 1, CountTestCases);

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int status = context.run();
    if (context.shouldExit()) return status;  // --help, --list-test-cases, ...
    bool filtered = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        filtered = filtered || arg.rfind("--test-case=", 0) == 0 || arg.rfind("-tc=", 0) == 0;
    }
    if (filtered && test_cases_started == 0) {
        std::fprintf(stderr, "doctest_main: the --test-case filter matched no test case; a test name with a ';' "
                             "cannot pass through ctest: rename it\n");
        return status == 0 ? 1 : status;
    }
    return status;
}
