// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Arena award registry
/// @notice Records the tasks an arena awarded: the winner and score of each task, and
/// the number of wins of each address. Only the operator fixed at construction may
/// write, and each task is written once: a repeated call with the same winner and score
/// changes nothing, so a relayer may deliver an award more than once.
contract Registry {
    struct Win {
        address winner;
        uint256 score;
        uint256 recordedAt;
    }

    /// @notice The only address allowed to call onAward.
    address public immutable operator;

    /// @notice Wins recorded for each address.
    mapping(address => uint256) public winsOf;

    mapping(uint256 => Win) private tasks;

    /// @notice Emitted once for each task the first time its award is recorded.
    event Awarded(uint256 indexed taskId, address indexed winner, uint256 score);

    error NotOperator(address caller);
    error ZeroWinner();
    error AlreadyRecorded(uint256 taskId, address winner, uint256 score);

    constructor(address operator_) {
        operator = operator_;
    }

    /// @notice Records that taskId was awarded to winner with score.
    function onAward(uint256 taskId, address winner, uint256 score) external {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        if (winner == address(0)) revert ZeroWinner();
        Win storage w = tasks[taskId];
        if (w.winner != address(0)) {
            if (w.winner == winner && w.score == score) return;
            revert AlreadyRecorded(taskId, w.winner, w.score);
        }
        tasks[taskId] = Win(winner, score, block.timestamp);
        winsOf[winner] += 1;
        emit Awarded(taskId, winner, score);
    }

    /// @notice Returns the recorded award of taskId; winner is zero if none was recorded.
    function taskWin(uint256 taskId) external view returns (address winner, uint256 score, uint256 recordedAt) {
        Win storage w = tasks[taskId];
        return (w.winner, w.score, w.recordedAt);
    }
}
